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
      databasePoolSize: 20,
      publicUrl: 'http://localhost:3000',
      // Tablo's own sign-up and log-in screens (DESIGN §1).
      adminUrl: 'http://localhost:3000',
      mail: { smtpUrl: null, from: 'Tablo <no-reply@localhost>' },
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
      DATABASE_POOL_SIZE: '40',
      PUBLIC_URL: 'https://menu.example.com/',
      ADMIN_URL: 'https://admin.example.com',
      POWERED_BY_NAME: 'Foglalj',
      POWERED_BY_URL: 'https://foglalj.example',
      ANALYTICS_ID: 'G-1',
      SEED_DEMO: 'false',
      SMTP_URL: 'smtps://user:secret@mail.example.com:465',
      MAIL_FROM: 'Foglalj <hello@foglalj.example>',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '3',
    });
    expect(config).toMatchObject({
      adminUrl: 'https://admin.example.com',
      mail: { smtpUrl: 'smtps://user:secret@mail.example.com:465', from: 'Foglalj <hello@foglalj.example>' },
      rateLimits: { signUpsPerHour: 3 },
      port: 8080,
      dataDir: '/var/lib/tablo',
      databaseUrl: 'postgres://u@db/tablo',
      databasePoolSize: 40,
      publicUrl: 'https://menu.example.com',
      poweredByUrl: 'https://foglalj.example',
      analyticsId: 'G-1',
      seedDemo: false,
    });
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DATABASE_POOL_SIZE: '0',
        ADMIN_URL: 'not a url',
        SEED_DEMO: 'maybe',
        SMTP_URL: 'http://mail.example.com',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'DATABASE_POOL_SIZE', 'ADMIN_URL', 'SEED_DEMO', 'SMTP_URL']) {
      expect(problems).toContain(name);
    }
  });
});

describe('payment settings', () => {
  it('offers the sandbox with the demo, nothing without it, Stripe when both secrets are set', () => {
    expect(loadConfig({}).payments).toMatchObject({
      provider: 'sandbox',
      reservationMinutes: 15,
      stripe: null,
    });
    expect(loadConfig({ SEED_DEMO: 'false' }).payments.provider).toBeNull();
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).payments.provider).toBeNull();
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PAYMENT_RESERVATION_MINUTES: '20',
    });
    expect(stripe.payments).toMatchObject({
      provider: 'stripe',
      reservationMinutes: 20,
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: null },
    });
  });

  it('refuses Stripe without its secrets and malformed values', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(EnvError);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_live_1' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ PAYMENT_RESERVATION_MINUTES: '0' })).toThrow(/PAYMENT_RESERVATION_MINUTES/);
    expect(() => loadConfig({ PAYMENT_RESERVATION_MINUTES: 'soon' })).toThrow(/PAYMENT_RESERVATION_MINUTES/);
  });

  it('takes a fraction of a minute for the payment reservation (the reliability suites wait seconds)', () => {
    expect(loadConfig({ PAYMENT_RESERVATION_MINUTES: '0.05' }).payments.reservationMinutes).toBe(0.05);
  });
});
