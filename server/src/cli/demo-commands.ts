import { demoStaffLines, usableDemoStaff } from '../demo/demo-staff.ts';
import { seedDemo } from '../demo/seed.ts';
import type { Command } from './command.ts';

export const seedDemoCommand: Command = {
  name: 'seed-demo',
  summary: 'Create or refresh the demo restaurants (demo, demo-menu, demo-closed)',
  usage: 'seed-demo',
  details: `Adds the demo restaurants, tables and staff accounts (one per role) that are missing and
re-imports the demo menu. Table tokens and accounts that exist are kept. The server does this by itself
on an empty database.`,
  async run(context, _values, positionals) {
    if (positionals.length > 0) context.err(`Ignoring ${positionals.join(' ')}`);
    const database = await context.database();
    await seedDemo(database, { publicUrl: context.publicUrl(), log: context.out });
    context.out('See every table: npm run tablo -- table-urls demo');
    for (const line of demoStaffLines(context.publicUrl(), await usableDemoStaff(database.db)))
      context.out(line);
    return 0;
  },
};
