// Fails when custom-elements.json differs from what `cem analyze` generates from the current source.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

// The analyzer resolves --outdir against the working directory, so the scratch folder lives inside it.
const outdir = 'node_modules/.cache/t3-manifest-check';
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });
try {
  execFileSync('npx', ['cem', 'analyze', '--outdir', outdir], { stdio: 'inherit' });
  const fresh = readFileSync(`${outdir}/custom-elements.json`, 'utf8');
  const committed = readFileSync('custom-elements.json', 'utf8');
  if (fresh !== committed) {
    console.error('custom-elements.json is stale: run `npm run manifest` and commit the result.');
    process.exit(1);
  }
  console.log('custom-elements.json is current.');
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
