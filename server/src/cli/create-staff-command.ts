import { STAFF_ROLES } from '@tablo/contract/staff';
import { ManagementError } from '../modules/restaurants/errors.ts';
import { createStaff, type NewStaff } from '../modules/staff/create-staff.ts';
import { type Command, expectPositionals, stringOption } from './command.ts';

export const CREATE_STAFF_USAGE = `create-staff <shortName> <email> [--role ${STAFF_ROLES.join('|')}]

Creates a staff account (the staff console's log-in) for a restaurant. The password is read from the
environment variable TABLO_STAFF_PASSWORD or, when that is unset, from standard input — never from the
command line, where it would end up in the shell history and the process list.`;

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
