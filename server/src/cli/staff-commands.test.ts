import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, insertRestaurant } from '../../test/helpers/fixtures.ts';
import { createTestDatabase, testDatabaseKinds } from '../../test/helpers/test-database.ts';
import type { Database } from '../db/database.ts';
import { restaurant, staffSession, staffUser } from '../db/schema.ts';
import { createStaff } from '../modules/staff/create-staff.ts';
import { verifyPassword } from '../modules/staff/password.ts';
import type { CliContext, Command, OptionValues } from './command.ts';
import { COMMANDS } from './commands.ts';
import {
  disableStaffCommand,
  enableStaffCommand,
  listStaffCommand,
  makeResetPasswordCommand,
  setContactCommand,
  setStaffRoleCommand,
} from './staff-commands.ts';

describe.each(testDatabaseKinds())('staff and contact commands on %s', (kind) => {
  let database: Database;
  let lines: string[] = [];
  const context: CliContext = {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    database: async () => database,
    publicUrl: () => 'http://localhost:3000',
    resolvePath: (path) => path,
  };
  /** The command line as run-cli.ts parses it. */
  async function run(command: Command, ...args: string[]): Promise<string[]> {
    lines = [];
    const { values, positionals } = parseArgs({
      args,
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    expect(await command.run(context, values as OptionValues, positionals)).toBe(0);
    return lines;
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await insertRestaurant(database.db, BISTRO);
    await insertRestaurant(database.db, { shortName: 'empty' });
    for (const [email, role] of [
      ['zoe@bistro.test', 'KITCHEN'],
      ['Adam@bistro.test', 'OWNER'],
    ] as const) {
      await createStaff(database, { shortName: 'bistro', email, role, password: 'long enough password' });
    }
  });
  afterAll(() => database.close());

  it('are registered in the CLI', () => {
    const names = COMMANDS.map((c) => c.name);
    for (const name of ['list-staff', 'disable-staff', 'enable-staff', 'reset-password', 'set-contact']) {
      expect(names).toContain(name);
    }
  });

  it('list-staff lists accounts by e-mail with role and state; unknown restaurant is a clear error', async () => {
    expect(await run(listStaffCommand, 'bistro')).toEqual([
      'Adam@bistro.test\tOWNER',
      'zoe@bistro.test\tKITCHEN',
    ]);
    expect(await run(listStaffCommand, 'empty')).toEqual([
      '"empty" has no staff accounts yet: npm run tablo -- create-staff --help',
    ]);
    await expect(run(listStaffCommand, 'nowhere')).rejects.toThrow('There is no restaurant "nowhere"');
  });

  it('disable-staff ends the sessions and shows in list-staff; enable-staff undoes it', async () => {
    const [zoe] = await database.db.select().from(staffUser).where(eq(staffUser.email, 'zoe@bistro.test'));
    await database.db.insert(staffSession).values({
      tokenHash: 'h-zoe',
      staffUserId: zoe?.id ?? 0,
      csrfToken: 'c',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await run(disableStaffCommand, 'ZOE@bistro.test')).toEqual([
      'KITCHEN zoe@bistro.test is disabled.',
    ]);
    expect(await database.db.select().from(staffSession).where(eq(staffSession.tokenHash, 'h-zoe'))).toEqual(
      [],
    );
    const listed = await run(listStaffCommand, 'bistro');
    expect(listed[1]).toMatch(/^zoe@bistro\.test\tKITCHEN\tdisabled since \d{4}-\d\d-\d\dT/);
    expect(await run(enableStaffCommand, 'zoe@bistro.test')).toEqual(['KITCHEN zoe@bistro.test is enabled.']);
    expect((await run(listStaffCommand, 'bistro'))[1]).toBe('zoe@bistro.test\tKITCHEN');
    await expect(run(disableStaffCommand, 'who@bistro.test')).rejects.toThrow(
      'There is no staff account for who@bistro.test',
    );
    await expect(run(enableStaffCommand, 'who@bistro.test')).rejects.toThrow(/no staff account/);
  });

  it('reset-password takes TABLO_STAFF_PASSWORD, refuses a short one and an unknown e-mail', async () => {
    const reset = (password: string) =>
      makeResetPasswordCommand({ env: { TABLO_STAFF_PASSWORD: password }, stdin: Readable.from([]) });
    expect(await run(reset('a brand new password'), 'adam@bistro.test')).toEqual([
      'New password set for Adam@bistro.test; its sessions have ended.',
    ]);
    const [adam] = await database.db.select().from(staffUser).where(eq(staffUser.email, 'Adam@bistro.test'));
    expect(await verifyPassword('a brand new password', adam?.passwordHash ?? '')).toBe(true);
    await expect(run(reset('short'), 'adam@bistro.test')).rejects.toThrow(/at least 10 characters/);
    await expect(run(reset('long enough password'), 'who@bistro.test')).rejects.toThrow(/no staff account/);
  });

  it('the last owner is neither disabled nor demoted; set-staff-role changes a role', async () => {
    await expect(run(disableStaffCommand, 'adam@bistro.test')).rejects.toThrow(
      'Adam@bistro.test is the last owner of "bistro" who can log in: make someone else an owner first.',
    );
    await expect(run(setStaffRoleCommand, 'adam@bistro.test', 'MANAGER')).rejects.toThrow(/last owner/);
    await expect(run(setStaffRoleCommand, 'zoe@bistro.test', 'CHEF')).rejects.toThrow(
      'role: must be one of OWNER, MANAGER, WAITER, KITCHEN',
    );
    expect(await run(setStaffRoleCommand, 'zoe@bistro.test', 'owner')).toEqual([
      'zoe@bistro.test is OWNER now.',
    ]);
    expect(await run(setStaffRoleCommand, 'adam@bistro.test', 'MANAGER')).toEqual([
      'Adam@bistro.test is MANAGER now.',
    ]);
    expect(await run(listStaffCommand, 'bistro')).toEqual([
      'Adam@bistro.test\tMANAGER',
      'zoe@bistro.test\tOWNER',
    ]);
    expect(COMMANDS.map((c) => c.name)).toContain('set-staff-role');
  });

  it('set-contact validates, stores, clears with an empty value and keeps what is left out', async () => {
    const contact = async () => {
      const [row] = await database.db
        .select({ phone: restaurant.phone, reservationUrl: restaurant.reservationUrl })
        .from(restaurant)
        .where(eq(restaurant.shortName, 'bistro'));
      return row;
    };
    await run(
      setContactCommand,
      'bistro',
      '--phone',
      '+36 (1) 234-5678',
      '--reservation-url',
      'https://book.example/b',
    );
    expect(await contact()).toEqual({ phone: '+36 (1) 234-5678', reservationUrl: 'https://book.example/b' });
    expect(await run(setContactCommand, 'bistro', '--phone', '')).toEqual([
      'Contact of "bistro": phone (none), reservations https://book.example/b',
    ]);
    expect(await contact()).toEqual({ phone: null, reservationUrl: 'https://book.example/b' });

    await expect(run(setContactCommand, 'bistro', '--phone', '12345')).rejects.toThrow(/6 to 30 characters/);
    await expect(run(setContactCommand, 'bistro', '--phone', 'call me maybe')).rejects.toThrow(
      /digits, spaces/,
    );
    await expect(
      run(setContactCommand, 'bistro', '--reservation-url', 'javascript:alert(1)'),
    ).rejects.toThrow(/http:\/\/ or https:\/\//);
    await expect(run(setContactCommand, 'bistro', '--reservation-url', 'ftp://x.example')).rejects.toThrow(
      /http:\/\/ or https:\/\//,
    );
    await expect(run(setContactCommand, 'bistro')).rejects.toThrow(
      /Give at least one of --phone, --reservation-url, --address, --tax-number, --time-zone/,
    );
    await expect(run(setContactCommand, 'nowhere', '--phone', '+36 1 234 5678')).rejects.toThrow(
      'There is no restaurant "nowhere"',
    );
    expect(await contact()).toEqual({ phone: null, reservationUrl: 'https://book.example/b' });
  });

  // Issue 24 §15: what a payment receipt prints — address, tax number (unset → left out), time zone.
  it('set-contact sets, clears and validates the address, tax number and time zone of receipts', async () => {
    const receipts = async () => {
      const [row] = await database.db
        .select({
          address: restaurant.address,
          taxNumber: restaurant.taxNumber,
          timeZone: restaurant.timeZone,
        })
        .from(restaurant)
        .where(eq(restaurant.shortName, 'bistro'));
      return row;
    };
    expect(await receipts()).toEqual({ address: null, taxNumber: null, timeZone: 'Europe/Budapest' });
    const out = await run(
      setContactCommand,
      'bistro',
      '--address',
      ' 1052 Budapest, Váci utca 1. ',
      '--tax-number',
      '12345678-2-41',
      '--time-zone',
      'Europe/Vienna',
    );
    expect(out.at(-1)).toBe(
      'Receipts of "bistro": address 1052 Budapest, Váci utca 1., tax number 12345678-2-41, time zone Europe/Vienna',
    );
    expect(await receipts()).toEqual({
      address: '1052 Budapest, Váci utca 1.',
      taxNumber: '12345678-2-41',
      timeZone: 'Europe/Vienna',
    });
    await expect(run(setContactCommand, 'bistro', '--time-zone', 'Mars/Olympus')).rejects.toThrow(
      /timeZone: a time zone is an IANA name/,
    );
    await expect(run(setContactCommand, 'bistro', '--tax-number', 'x')).rejects.toThrow(
      /taxNumber: a tax number/,
    );
    await expect(run(setContactCommand, 'bistro', '--address', 'a\nb')).rejects.toThrow(
      /address: an address/,
    );
    await expect(run(setContactCommand, 'bistro', '--address', 'x'.repeat(201))).rejects.toThrow(/address/);
    await run(setContactCommand, 'bistro', '--address', '', '--tax-number', '', '--time-zone', '');
    expect(await receipts()).toEqual({ address: null, taxNumber: null, timeZone: 'Europe/Budapest' });
  });
});
