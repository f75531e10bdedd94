import rateLimit from '@fastify/rate-limit';
import type { App } from '../lib/app-type.ts';

/** Per-IP limits, applied only on routes that declare `config.rateLimit` (DESIGN §8). */
export async function setupRateLimit(app: App): Promise<void> {
  await app.register(rateLimit, { global: false });
}

export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}
