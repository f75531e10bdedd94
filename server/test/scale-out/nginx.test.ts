import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nginxBinary, nginxConfig } from './nginx.ts';

describe('the nginx in front of the scale-out suites', () => {
  it('says how to install nginx when there is none, instead of skipping', () => {
    expect(() => nginxBinary(['/nonexistent/nginx'])).toThrow(
      /nginx is not installed.*apt-get install nginx.*NGINX_PATH/,
    );
  });

  // Needs nginx, like the suites that use it (which run with TEST_DATABASE_URL, as CI does).
  it.runIf(process.env.TEST_DATABASE_URL)(
    'generates a configuration nginx accepts: round robin over the instances, websocket upgrades passed',
    () => {
      const prefix = mkdtempSync(join(tmpdir(), 'tablo-nginx-test-'));
      try {
        mkdirSync(join(prefix, 'tmp'));
        const config = nginxConfig({ port: 18_080, upstreams: [18_081, 18_082], prefix });
        expect(config).toContain('server 127.0.0.1:18081');
        expect(config).toContain('server 127.0.0.1:18082');
        expect(config).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
        expect(config).toContain('daemon off;');
        const file = join(prefix, 'nginx.conf');
        writeFileSync(file, config);
        const checked = spawnSync(
          nginxBinary(),
          ['-t', '-p', prefix, '-c', file, '-e', join(prefix, 'error.log')],
          {
            encoding: 'utf8',
          },
        );
        expect(checked.stderr).toContain('test is successful');
        expect(checked.status).toBe(0);
      } finally {
        rmSync(prefix, { recursive: true, force: true });
      }
    },
  );
});
