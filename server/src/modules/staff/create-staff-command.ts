import { STAFF_ROLES, StaffRoleSchema } from '@tablo/contract/staff';
import { z } from 'zod';
import { type Command, expectPositionals, stringOption } from '../../cli/command.ts';
import type { Database } from '../../db/database.ts';
import { InvalidInputError, ManagementError } from '../restaurants/errors.ts';
import { findRestaurantId } from '../restaurants/find-restaurant.ts';
import { hashPassword } from './password.ts';
import { findStaffByEmail, insertStaffUser } from './repository.ts';

export const CREATE_STAFF_USAGE = `create-staff <shortName> <email> [--role ${STAFF_ROLES.join('|')}]

Creates a staff account (the staff console's log-in) for a restaurant. The password is read from the
environment variable TABLO_STAFF_PASSWORD or, when that is unset, from standard input — never from the
command line, where it would end up in the shell history and the process list.`;

export const MIN_PASSWORD_LENGTH = 10;

const NewStaffSchema = z.object({
  shortName: z.string().min(1),
  email: z.email().max(254),
  role: StaffRoleSchema.default('WAITER'),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `the password needs at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(200),
});
export type NewStaff = z.input<typeof NewStaffSchema>;

export async function createStaff(
  database: Database,
  input: NewStaff,
): Promise<{ id: number; email: string; role: string }> {
  const parsed = NewStaffSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const staff = parsed.data;
  const restaurantId = await findRestaurantId(database.db, staff.shortName);
  if (await findStaffByEmail(database.db, staff.email)) {
    throw new ManagementError(`A staff account for ${staff.email} already exists.`);
  }
  const id = await insertStaffUser(database.db, {
    restaurantId,
    email: staff.email,
    role: staff.role,
    passwordHash: await hashPassword(staff.password),
  });
  return { id, email: staff.email, role: staff.role };
}

export interface PasswordSource {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadStream | NodeJS.ReadableStream;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** TABLO_STAFF_PASSWORD, else standard input when it is piped (a terminal would echo the password). */
export async function readStaffPassword(source: PasswordSource): Promise<string> {
  const fromEnv = source.env.TABLO_STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  if ((source.stdin as NodeJS.ReadStream).isTTY) {
    throw new ManagementError(
      'Set TABLO_STAFF_PASSWORD or pipe the password in, e.g.: read -rs P && printf %s "$P" | npm run tablo -- create-staff …',
    );
  }
  return (await readAll(source.stdin)).replace(/\r?\n$/, '');
}

/** `create-staff <shortName> <email> [--role WAITER]`, listed in server/src/cli/commands.ts. */
export function makeCreateStaffCommand(
  source: PasswordSource = { env: process.env, stdin: process.stdin },
): Command {
  return {
    name: 'create-staff',
    summary: 'Create a staff account (log-in of the staff console) for a restaurant',
    usage: 'create-staff <shortName> <email> [--role WAITER]',
    details: CREATE_STAFF_USAGE.split('\n\n').slice(1).join('\n\n'),
    options: { role: { type: 'string' } },
    async run(context, values, positionals) {
      expectPositionals(this, positionals, 2);
      const [shortName = '', email = ''] = positionals;
      const role = stringOption(values, 'role')?.toUpperCase();
      const password = await readStaffPassword(source);
      const created = await createStaff(await context.database(), {
        shortName,
        email,
        password,
        ...(role ? { role: role as NewStaff['role'] } : {}),
      });
      context.out(`Created ${created.role} ${created.email} for "${shortName}".`);
      return 0;
    },
  };
}

export const createStaffCommand = makeCreateStaffCommand();
