import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Child, freePort, startChild, waitForUrl } from './processes.ts';

export const NGINX = '/usr/sbin/nginx';

export interface StaticServer {
  name: string;
  url: string;
  /** The serving process (for its CPU time). */
  pid?: number;
  stop(): Promise<void>;
}

export interface StaticBody {
  path: string;
  body: Buffer;
  headers: Record<string, string>;
}

/** nginx from Debian with one worker (the Node app is one process too), serving the file as-is. */
async function startNginx(dir: string, answer: StaticBody): Promise<StaticServer> {
  const port = await freePort();
  const file = join(dir, 'menu.body');
  writeFileSync(file, answer.body);
  const temp = join(dir, 'nginx-temp');
  mkdirSync(temp, { recursive: true });
  const headers = Object.entries(answer.headers)
    .filter(([name]) => name !== 'content-type')
    // Double-quoted: header values hold single quotes (the CSP's 'self').
    .map(([name, value]) => `      add_header ${name} "${value.replace(/[\\"]/g, '\\$&')}" always;`)
    .join('\n');
  const asRoot = process.getuid?.() === 0 ? 'user root root;' : '';
  const conf = `${asRoot}
worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:${port};
    location = ${answer.path} {
      default_type '${answer.headers['content-type'] ?? 'application/json'}';
${headers}
      alias ${file};
    }
  }
}
`;
  const confFile = join(dir, 'nginx.conf');
  writeFileSync(confFile, conf);
  const child = startChild(NGINX, ['-c', confFile, '-p', dir], {});
  const url = `http://127.0.0.1:${port}${answer.path}`;
  await waitForUrl(url, child, 10_000);
  return {
    name: 'nginx',
    url,
    stop: async () => {
      await child.stop();
    },
  };
}

/**
 * A minimal Node http server answering the bytes from memory with fixed headers: what any Node server can at
 * best do for this answer (bench:menu's limit), and the static server when nginx is not installed.
 */
export async function startNodeStatic(dir: string, answer: StaticBody, name = 'menu'): Promise<StaticServer> {
  const port = await freePort();
  const script = join(dir, `${name}-server.mjs`);
  const bodyFile = join(dir, `${name}.body`);
  writeFileSync(bodyFile, answer.body);
  writeFileSync(
    script,
    `import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(${JSON.stringify(bodyFile)});
const headers = ${JSON.stringify({ ...answer.headers, 'content-length': String(answer.body.length) })};
createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(${port}, '127.0.0.1');
`,
  );
  const child: Child = startChild(process.execPath, [script], {});
  const url = `http://127.0.0.1:${port}${answer.path}`;
  await waitForUrl(url, child, 10_000);
  return {
    name: 'node:http',
    url,
    pid: child.process.pid,
    stop: async () => {
      await child.stop();
    },
  };
}

export function startStaticServer(dir: string, answer: StaticBody): Promise<StaticServer> {
  return existsSync(NGINX) ? startNginx(dir, answer) : startNodeStatic(dir, answer);
}
