import { DEFAULT_TIME_ZONE, MAX_ADDRESS_LENGTH } from '@tablo/contract/restaurant-settings';
import { setRestaurantContact } from '../modules/restaurants/contact.ts';
import {
  listStaff,
  resetStaffPassword,
  setStaffDisabled,
  setStaffRole,
} from '../modules/staff/staff-accounts.ts';
import { type Command, expectPositionals, stringOption, UsageError } from './command.ts';
import { type PasswordSource, readStaffPassword } from './create-staff-command.ts';

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
  summary:
    "Set the restaurant's phone, reservation link, and the address, tax number and time zone on receipts",
  usage:
    "set-contact <shortName> [--phone '+36 1 234 5678'] [--reservation-url https://…] [--address '…'] [--tax-number 12345678-2-42] [--time-zone Europe/Budapest]",
  details: `Diners see a "Phone number" (tel: link) and a "Reserve a table" link on the restaurant's
pages; payment receipts print the address and the tax number (left out while unset) and the time of
payment in the restaurant's time zone. An empty value clears it (--phone ''; the time zone goes back to
${DEFAULT_TIME_ZONE}); an option left out keeps its value.

Options:
  --phone <number>         digits, spaces, +, - and ( ), 6 to 30 characters
  --reservation-url <url>  an http:// or https:// address
  --address <text>         one line, at most ${MAX_ADDRESS_LENGTH} characters
  --tax-number <number>    4 to 30 letters, digits, spaces, ., / and -
  --time-zone <name>       an IANA time zone such as Europe/Budapest (default ${DEFAULT_TIME_ZONE})`,
  options: {
    phone: { type: 'string' },
    'reservation-url': { type: 'string' },
    address: { type: 'string' },
    'tax-number': { type: 'string' },
    'time-zone': { type: 'string' },
  },
  async run(context, values, positionals) {
    expectPositionals(this, positionals, 1);
    const [shortName = ''] = positionals;
    const given = {
      phone: stringOption(values, 'phone'),
      reservationUrl: stringOption(values, 'reservation-url'),
      address: stringOption(values, 'address'),
      taxNumber: stringOption(values, 'tax-number'),
      timeZone: stringOption(values, 'time-zone'),
    };
    const change = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
    if (Object.keys(change).length === 0) {
      throw new UsageError(
        `Give at least one of --phone, --reservation-url, --address, --tax-number, --time-zone. Usage: ${this.usage}`,
      );
    }
    const contact = await setRestaurantContact(await context.database(), shortName, change);
    context.out(
      `Contact of "${shortName}": phone ${contact.phone ?? '(none)'}, reservations ${contact.reservationUrl ?? '(none)'}`,
    );
    const receiptOptions = [given.address, given.taxNumber, given.timeZone];
    if (receiptOptions.some((value) => value !== undefined)) {
      context.out(
        `Receipts of "${shortName}": address ${contact.address ?? '(none)'}, tax number ${contact.taxNumber ?? '(none)'}, time zone ${contact.timeZone}`,
      );
    }
    return 0;
  },
};
