import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the benchmarks report: rounded figures, written to bench/results/<name>.json. */

const RESULTS_DIR = fileURLToPath(new URL('../results', import.meta.url));

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Writes bench/results/<name>.json with the time of the measurement first, and says so. */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

/** Runs a benchmark's main; an error is printed and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
