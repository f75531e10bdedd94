import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig, REPO_ROOT } from './env.ts';

describe('loadConfig', () => {
  it('has working defaults, with folders resolved against the repository root', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: join(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminUrl: 'https://admin.tablo.example',
      poweredByName: 'Tablo',
      poweredByUrl: 'http://localhost:3000',
      analyticsId: null,
      webDist: join(REPO_ROOT, 'web', 'dist'),
      seedDemo: true,
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/tablo',
      DATABASE_URL: 'postgres://u@db/tablo',
      PUBLIC_URL: 'https://menu.example.com/',
      ADMIN_URL: 'https://admin.example.com',
      POWERED_BY_NAME: 'Foglalj',
      POWERED_BY_URL: 'https://foglalj.example',
      ANALYTICS_ID: 'G-1',
      SEED_DEMO: 'false',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/tablo',
      databaseUrl: 'postgres://u@db/tablo',
      publicUrl: 'https://menu.example.com',
      poweredByUrl: 'https://foglalj.example',
      analyticsId: 'G-1',
      seedDemo: false,
    });
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_URL: 'not a url', SEED_DEMO: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_URL', 'SEED_DEMO']) expect(problems).toContain(name);
  });
});
