import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/child-process.ts';

/**
 * nginx (Debian's package) in front of Tablo instances, as a child process with a generated configuration
 * in a temporary prefix: round-robin over the instances, websocket upgrades passed through, the upstream
 * that answered named in an `X-Upstream` header on every answer (the 101 of an upgrade included) so a test
 * can tell where each request and socket landed.
 */

const NGINX_CANDIDATES = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'];

/** The nginx binary, or an error saying how to get one (the scale-out test must not skip silently in CI). */
export function nginxBinary(candidates: readonly (string | undefined)[] = NGINX_CANDIDATES): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error(
    'nginx is not installed: the scale-out test runs two Tablo instances behind it. ' +
      'Install it (Debian: apt-get install nginx; .ci/run does) or set NGINX_PATH.',
  );
}

export function nginxConfig(options: { port: number; upstreams: number[]; prefix: string }): string {
  const servers = options.upstreams
    .map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`)
    .join('\n');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${join(options.prefix, 'nginx.pid')};
error_log ${join(options.prefix, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(options.prefix, 'tmp', 'body')};
  proxy_temp_path ${join(options.prefix, 'tmp', 'proxy')};
  fastcgi_temp_path ${join(options.prefix, 'tmp', 'fastcgi')};
  uwsgi_temp_path ${join(options.prefix, 'tmp', 'uwsgi')};
  scgi_temp_path ${join(options.prefix, 'tmp', 'scgi')};
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream tablo {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://tablo;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      # An instance that refuses the connection is skipped; a request it already received is not resent
      # (nginx never resends POST/PATCH once sent): the client retries with its idempotency key.
      proxy_next_upstream error timeout;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Nginx {
  readonly url: string;
  readonly port: number;
  /** The error log (connection refused by a killed instance is logged here). */
  errorLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(upstreams: number[], listenPort?: number): Promise<Nginx> {
  const binary = nginxBinary();
  const prefix = mkdtempSync(join(tmpdir(), 'tablo-nginx-'));
  mkdirSync(join(prefix, 'tmp'));
  const port = listenPort ?? (await freePort());
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, nginxConfig({ port, upstreams, prefix }));
  const child: ChildProcess = spawn(
    binary,
    ['-p', prefix, '-c', configFile, '-e', join(prefix, 'error.log')],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () => {
    try {
      return readFileSync(join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}${errorLog()}`);
    const answered = await fetch(`${url}/api/health`).then(
      () => true,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen: ${output}${errorLog()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port,
    errorLog,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
