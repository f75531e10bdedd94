import type { Command } from './command.ts';
import { createStaffCommand } from './create-staff-command.ts';
import { seedDemoCommand } from './demo-commands.ts';
import { exportMenuCommand, importMenuCommand } from './menu-commands.ts';
import { qrSheetCommand, tableQrCommand } from './qr-commands.ts';
import { createRestaurantCommand } from './restaurant-commands.ts';
import {
  disableStaffCommand,
  enableStaffCommand,
  listStaffCommand,
  resetPasswordCommand,
  setContactCommand,
  setStaffRoleCommand,
} from './staff-commands.ts';
import {
  addTablesCommand,
  disableTableCommand,
  enableTableCommand,
  rotateTokenCommand,
  tableUrlsCommand,
} from './table-commands.ts';

/** Every CLI command, in the order the help lists them. */
export const COMMANDS: readonly Command[] = [
  createRestaurantCommand,
  importMenuCommand,
  exportMenuCommand,
  addTablesCommand,
  tableUrlsCommand,
  rotateTokenCommand,
  enableTableCommand,
  disableTableCommand,
  qrSheetCommand,
  tableQrCommand,
  setContactCommand,
  createStaffCommand,
  listStaffCommand,
  disableStaffCommand,
  enableStaffCommand,
  setStaffRoleCommand,
  resetPasswordCommand,
  seedDemoCommand,
];

export function globalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Tablo management — npm run tablo -- <command> [arguments]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run "npm run tablo -- <command> --help" for the details of one command.',
    'The database is the one the server uses: DATABASE_URL (PostgreSQL) if set, otherwise the embedded',
    'database in DATA_DIR (default ./data). URLs start with PUBLIC_URL.',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  return [`Usage: npm run tablo -- ${command.usage}`, '', command.summary, '', command.details].join('\n');
}
