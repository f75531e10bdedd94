import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@tablo/contract/errors';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/helpers/test-database.ts';
import { buildApp } from '../app.ts';
import { loggableError } from './loggable-error.ts';
import { loggerOptions } from './logger.ts';

describe('loggableError', () => {
  it("keeps a failed statement's text and drops its parameters, masking session ids and tokens", () => {
    const failed = Object.assign(new Error('Failed query: select $1\nparams: a note,42'), {
      query: 'select $1',
      params: ['a note', 42],
      cause: Object.assign(new Error('invalid input syntax for type uuid: "not-a-uuid"'), { code: '22P02' }),
    });
    const logged = loggableError(failed);
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'Failed query: select $1',
      cause: { code: '22P02', message: 'invalid input syntax for type uuid: "not-a-uuid"' },
    });
    expect(JSON.stringify(logged)).not.toContain('a note');
    const token = 'kZUo2kuUX3VuuHTWb1nZkafo5xrEk8C1qsou5EJj7NI';
    expect(loggableError(new Error(`token ${token} of ${randomUUID()}`)).message).toBe(
      'token <token> of <uuid>',
    );
    expect(loggableError({ type: 'Error', message: `socket of ${randomUUID()}` })).toMatchObject({
      type: 'Error',
      message: 'socket of <uuid>',
    });
    expect(loggableError(new Error('constraint orders_session_idempotency_uq')).message).toContain(
      'orders_session_idempotency_uq',
    );
  });
});

describe.each(testDatabaseKinds())('the error log on %s', (kind) => {
  it("holds the failed statement and the database's code, never its parameters nor the session id", async () => {
    const database = await createTestDatabase(kind);
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const sessionId = randomUUID();
    const note = 'a note only the diner wrote';
    // A real statement that the database refuses, with the request's values as its parameters.
    const failing = (() =>
      database.db.execute(
        sql`select ${sessionId}::int as id, ${note} as note`,
      )) as typeof database.transaction;
    const app = await buildApp({
      database: { ...database, transaction: failing },
      config: testConfig(),
      logger: { ...loggerOptions('info'), stream },
    });
    const response = await app.inject({
      method: 'POST',
      url: `/api/menu-item-ratings?session_id=${sessionId}`,
      payload: { sessionId, menuItemId: 1, rating: 'LIKE' },
    });
    await app.close();
    await database.close();

    expect(response.statusCode).toBe(500);
    expect(ErrorBodySchema.parse(response.json()).message).toBe('Internal Server Error');
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('Failed query: select $1::int as id, $2 as note');
    expect(log).toContain('"code":"22P02"');
    expect(log).not.toContain(sessionId);
    expect(log).not.toContain(note);
    expect(log).not.toContain('params:');
    expect(log).not.toContain('session_id');
  });
});
