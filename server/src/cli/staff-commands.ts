import { setRestaurantContact } from '../modules/restaurants/contact.ts';
import { type PasswordSource, readStaffPassword } from '../modules/staff/create-staff-command.ts';
import {
  listStaff,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from '../modules/staff/staff-accounts.ts';
import { type Command, expectPositionals, stringOption, UsageError } from './command.ts';

export const listStaffCommand: Command = {
  name: 'list-staff',
  summary: "List a restaurant's staff accounts with their roles",
  usage: 'list-staff <shortName>',
  details: 'One line per account: e-mail address, role, and "disabled since …" for a disabled one.',
  async run(context, _values, positionals) {
    expectPositionals(this, positionals, 1);
    const [shortName = ''] = positionals;
    const accounts = await listStaff((await context.database()).db, shortName);
    if (accounts.length === 0) {
      context.out(`"${shortName}" has no staff accounts yet: npm run tablo -- create-staff --help`);
    }
    for (const account of accounts) {
      const state = account.disabledAt ? `\tdisabled since ${account.disabledAt.toISOString()}` : '';
      context.out(`${account.email}\t${account.role}${state}`);
    }
    return 0;
  },
};

function accountSwitch(name: string, disabled: boolean): Command {
  return {
    name,
    summary: disabled
      ? 'Disable a staff account: it cannot log in and is logged out everywhere at once'
      : 'Let a disabled staff account log in again',
    usage: `${name} <email>`,
    details: disabled
      ? 'Its sessions end immediately and its open staff consoles are disconnected. enable-staff undoes it.'
      : 'The account logs in with its old password (reset-password sets a new one).',
    async run(context, _values, positionals) {
      expectPositionals(this, positionals, 1);
      const [email = ''] = positionals;
      const account = await setStaffDisabled(await context.database(), email, disabled);
      context.out(`${account.role} ${account.email} is ${disabled ? 'disabled' : 'enabled'}.`);
      return 0;
    },
  };
}

export const disableStaffCommand = accountSwitch('disable-staff', true);

export const setStaffRoleCommand: Command = {
  name: 'set-staff-role',
  summary: "Change a staff account's role (OWNER, MANAGER, WAITER or KITCHEN)",
  usage: 'set-staff-role <email> <role>',
  details:
    'The new role applies to the account’s next request. A restaurant keeps at least one owner who can log in.',
  async run(context, _values, positionals) {
    expectPositionals(this, positionals, 2);
    const [email = '', role = ''] = positionals;
    const account = await setStaffRole(await context.database(), email, role);
    context.out(`${account.email} is ${account.role} now.`);
    return 0;
  },
};
export const enableStaffCommand = accountSwitch('enable-staff', false);

export function makeResetPasswordCommand(
  source: PasswordSource = { env: process.env, stdin: process.stdin },
): Command {
  return {
    name: 'reset-password',
    summary: "Set a staff account's new password (its sessions end)",
    usage: 'reset-password <email>',
    details: `The password is read from the environment variable TABLO_STAFF_PASSWORD or, when that is
unset, from standard input — never from the command line. Every session of the account ends.`,
    async run(context, _values, positionals) {
      expectPositionals(this, positionals, 1);
      const [email = ''] = positionals;
      const password = await readStaffPassword(source);
      const account = await resetStaffPassword(await context.database(), email, password);
      context.out(`New password set for ${account.email}; its sessions have ended.`);
      return 0;
    },
  };
}

export const resetPasswordCommand = makeResetPasswordCommand();

export const setContactCommand: Command = {
  name: 'set-contact',
  summary: "Set the restaurant's phone number and reservation link (shown to diners)",
  usage: "set-contact <shortName> [--phone '+36 1 234 5678'] [--reservation-url https://…]",
  details: `Diners see a "Phone number" (tel: link) and a "Reserve a table" link on the restaurant's
pages. An empty value clears it (--phone ''); an option left out keeps its value.

Options:
  --phone <number>         digits, spaces, +, - and ( ), 6 to 30 characters
  --reservation-url <url>  an http:// or https:// address`,
  options: { phone: { type: 'string' }, 'reservation-url': { type: 'string' } },
  async run(context, values, positionals) {
    expectPositionals(this, positionals, 1);
    const [shortName = ''] = positionals;
    const phone = stringOption(values, 'phone');
    const reservationUrl = stringOption(values, 'reservation-url');
    if (phone === undefined && reservationUrl === undefined) {
      throw new UsageError(`Give --phone, --reservation-url or both. Usage: ${this.usage}`);
    }
    const contact = await setRestaurantContact(await context.database(), shortName, {
      ...(phone === undefined ? {} : { phone }),
      ...(reservationUrl === undefined ? {} : { reservationUrl }),
    });
    context.out(
      `Contact of "${shortName}": phone ${contact.phone ?? '(none)'}, reservations ${contact.reservationUrl ?? '(none)'}`,
    );
    return 0;
  },
};
