import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, insertRestaurant } from '../../test/helpers/fixtures.ts';
import { createTestDatabase } from '../../test/helpers/test-database.ts';
import type { Database } from '../db/database.ts';
import { staffUser } from '../db/schema.ts';
import { verifyPassword } from '../modules/staff/password.ts';
import type { CliContext } from './command.ts';
import { makeCreateStaffCommand } from './create-staff-command.ts';

describe('create-staff command', () => {
  let database: Database;
  const lines: string[] = [];
  const context = (): CliContext => ({
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    database: async () => database,
    publicUrl: () => 'http://localhost:3000',
    resolvePath: (path) => path,
  });

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await insertRestaurant(database.db, BISTRO);
  });
  afterAll(() => database.close());

  it('takes the password from TABLO_STAFF_PASSWORD and stores only a scrypt hash', async () => {
    const command = makeCreateStaffCommand({
      env: { TABLO_STAFF_PASSWORD: 'from the environment' },
      stdin: Readable.from([]),
    });
    expect(await command.run(context(), { role: 'kitchen' }, ['bistro', 'Kata@Bistro.test'])).toBe(0);
    const [row] = await database.db.select().from(staffUser).where(eq(staffUser.email, 'Kata@Bistro.test'));
    expect(row?.role).toBe('KITCHEN');
    expect(row?.passwordHash).not.toContain('from the environment');
    expect(await verifyPassword('from the environment', row?.passwordHash ?? '')).toBe(true);
  });

  it('reads a piped password from stdin, and refuses short passwords, duplicates and unknown restaurants', async () => {
    const piped = (text: string) =>
      makeCreateStaffCommand({ env: {}, stdin: Readable.from([Buffer.from(text)]) });
    expect(await piped('piped password\n').run(context(), {}, ['bistro', 'pete@bistro.test'])).toBe(0);
    const [row] = await database.db.select().from(staffUser).where(eq(staffUser.email, 'pete@bistro.test'));
    expect(row?.role).toBe('WAITER');
    expect(await verifyPassword('piped password', row?.passwordHash ?? '')).toBe(true);
    await expect(piped('short').run(context(), {}, ['bistro', 'x@bistro.test'])).rejects.toThrow(
      /at least 10/,
    );
    await expect(piped('long enough pw').run(context(), {}, ['bistro', 'PETE@bistro.test'])).rejects.toThrow(
      /already exists/,
    );
    await expect(piped('long enough pw').run(context(), {}, ['nowhere', 'y@bistro.test'])).rejects.toThrow(
      /no restaurant/,
    );
  });
});
