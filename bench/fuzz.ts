/**
 * `npm run fuzz` (`tsx bench/fuzz.ts [--runs N] [--seed S]`): fast-check properties over every
 * decoder, sanitiser, the legacy upgrade and the provider projection of the core, with many more
 * runs than the test suite. Inputs are built from the grammar's own vocabulary so that the
 * interesting paths are reached. Prints the seed; a failing property prints its counterexample
 * (turn it into a regression test in `test/core/`) and the command exits non-zero.
 */
import fc from 'fast-check';
import { properties } from './fuzz/harness.js';
// Each module adds its properties to the list, in this order.
import './fuzz/records.js';
import './fuzz/annotations.js';
import './fuzz/references.js';
import './fuzz/legacy.js';

// ---- options ----

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index !== -1) return process.argv[index + 1];
  return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const runs = Number(option('runs') ?? 20_000);
const seed = Number(option('seed') ?? Date.now() % 2 ** 31);
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: tsx bench/fuzz.ts [--runs N] [--seed S]');
  process.exit(2);
}

// ---- run ----
console.log(`fuzz: ${properties.length} properties, ${runs} runs each (some fewer), seed ${seed}`);
let failures = 0;
const started = performance.now();
for (const { name, property: prop, share } of properties) {
  const numRuns = Math.max(1, Math.round(runs * share));
  const start = performance.now();
  const result = fc.check(prop, { numRuns, seed });
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  if (result.failed) {
    failures++;
    console.log(`FAIL ${name} (${seconds} s)`);
    console.log(fc.defaultReportMessage(result));
    if (result.errorInstance instanceof Error) console.log(result.errorInstance.message);
  } else {
    console.log(`ok   ${name} (${result.numRuns} runs, ${seconds} s)`);
  }
}
console.log(
  `\n${failures === 0 ? 'all properties hold' : `${failures} properties failed`}; seed ${seed}; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
process.exitCode = failures === 0 ? 0 : 1;
