import { SessionUuidResponseSchema } from '@tablo/contract/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/test-app.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { dinerSession } from '../../db/schema.ts';

describe.each(testDatabaseKinds())('GET /api/order/uuid on %s', (kind) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestApp(kind);
  });
  afterEach(() => ctx.close());

  it('issues a new stored session on every call, never cached', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/order/uuid' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/order/uuid' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const a = SessionUuidResponseSchema.parse(first.json()).uuid;
    const b = SessionUuidResponseSchema.parse(second.json()).uuid;
    expect(a).not.toBe(b);
    const stored = await ctx.database.db.select({ id: dinerSession.id }).from(dinerSession);
    expect(stored.map((row) => row.id).sort()).toEqual([a, b].sort());
  });
});
