// Adds up the JSON reports of Vitest and Playwright into the one line CI reads.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, testStatus, pgStatus] = process.argv.slice(2);
const read = (name) => {
  const file = path.join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

let passed = 0;
let failed = 0;
for (const name of ['vitest-pglite.json', 'vitest-postgres.json']) {
  const report = read(name);
  if (!report) {
    console.log(`missing report ${name}`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}
const pw = read('playwright.json');
if (pw) {
  passed += pw.stats.expected + pw.stats.flaky;
  failed += pw.stats.unexpected;
} else {
  console.log('missing report playwright.json');
  failed += 1;
}
// A failing typecheck or lint stops `npm test` before any report: count it, never hide it.
if (testStatus !== '0' && failed === 0) failed += 1;
if (pgStatus !== '0' && failed === 0) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
