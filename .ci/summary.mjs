// Prints "N passed, N failed" from the Vitest JSON reports in test-results/. A failing step that wrote no
// report (lint, typecheck, build) counts as one failure, so a red run never reads as green.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const status = Number(process.argv[2] ?? 0);
let passed = 0;
let failed = 0;
if (existsSync('test-results')) {
  for (const file of readdirSync('test-results').filter((f) => f.endsWith('.json'))) {
    const report = JSON.parse(readFileSync(`test-results/${file}`, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  }
}
if (status !== 0 && failed === 0) failed = 1;
// Which Node the suites ran on (.ci/run finds it as npm test does), so a log says what it tested.
if (process.env.TESTED_NODE) console.log(`tested on Node ${process.env.TESTED_NODE}`);
console.log(`${passed} passed, ${failed} failed`);
