import { seedDemo } from '../demo/seed.ts';
import type { Command } from './command.ts';

export const seedDemoCommand: Command = {
  name: 'seed-demo',
  summary: 'Create or refresh the demo restaurants (demo, demo-menu, demo-closed)',
  usage: 'seed-demo',
  details: `Adds the demo restaurants and tables that are missing and re-imports the demo menu. Table tokens
that exist are kept. The server does this by itself on an empty database.`,
  async run(context, _values, positionals) {
    if (positionals.length > 0) context.err(`Ignoring ${positionals.join(' ')}`);
    await seedDemo(await context.database(), { publicUrl: context.publicUrl(), log: context.out });
    context.out('See every table: npm run tablo -- table-urls demo');
    return 0;
  },
};
