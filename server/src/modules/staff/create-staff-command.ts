import { STAFF_ROLES, StaffRoleSchema } from '@tablo/contract/staff';
import { z } from 'zod';
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

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream;
  stdout: { write(text: string): unknown };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** `create-staff <shortName> <email> [--role WAITER]` for the CLI (server/src/cli.ts). */
export async function createStaffCommand(database: Database, args: string[], io: CommandIo): Promise<void> {
  const positional: string[] = [];
  let role: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--role') role = args[++i];
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
    else if (arg === '--password' || arg.startsWith('--password=')) {
      throw new ManagementError(
        'Passwords are never taken on the command line: set TABLO_STAFF_PASSWORD or pipe it in.',
      );
    } else positional.push(arg);
  }
  const [shortName, email, ...rest] = positional;
  if (!shortName || !email || rest.length > 0) throw new ManagementError(`Usage: ${CREATE_STAFF_USAGE}`);
  const fromEnv = io.env.TABLO_STAFF_PASSWORD;
  const password = fromEnv ? fromEnv : (await readAll(io.stdin)).replace(/\r?\n$/, '');
  const created = await createStaff(database, {
    shortName,
    email,
    password,
    ...(role ? { role: role.toUpperCase() as never } : {}),
  });
  io.stdout.write(`Created ${created.role} ${created.email} for ${shortName}.\n`);
}
