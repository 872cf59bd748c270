// Sums the machine-readable reports of every test runner (vitest JSON, JUnit XML) in reports/
// and prints one plain closing line: "N passed, N failed". Checks that ran outside a runner
// (typecheck, build, manifest) are passed in as --passed/--failed counts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const option = (name) => Number(args[args.indexOf(name) + 1] ?? 0) || 0;
let passed = args.includes('--passed') ? option('--passed') : 0;
let failed = args.includes('--failed') ? option('--failed') : 0;

const dir = 'reports';
let files = [];
try {
  files = readdirSync(dir);
} catch {
  // No reports at all: the runners did not get far enough to write one.
}

for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  if (file.endsWith('.json')) {
    const report = JSON.parse(text);
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.success === false && !report.numFailedTests ? 1 : 0);
  } else if (file.endsWith('.xml')) {
    for (const testcase of text.match(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g) ?? []) {
      if (/<(failure|error)\b/.test(testcase)) failed += 1;
      else if (!/<skipped\b/.test(testcase)) passed += 1;
    }
  }
  console.log(`report ${file} read`);
}

console.log(`${passed} passed, ${failed} failed`);
