import { runCli } from './cli/run-cli.ts';

// `npm run tablo -- <command>`: npm starts this in server/, INIT_CWD is where the user typed it.
const code = await runCli(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
process.exitCode = code;
