// Fails when custom-elements.json differs from what `cem analyze` generates from the current source.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const outdir = mkdtempSync(join(tmpdir(), 't3-manifest-'));
try {
  execFileSync('npx', ['cem', 'analyze', '--outdir', outdir], { stdio: 'inherit' });
  const fresh = readFileSync(join(outdir, 'custom-elements.json'), 'utf8');
  const committed = readFileSync('custom-elements.json', 'utf8');
  if (fresh !== committed) {
    console.error('custom-elements.json is stale: run `npm run manifest` and commit the result.');
    process.exit(1);
  }
  console.log('custom-elements.json is current.');
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
