// The banner of a built file that inlines third-party code (the script-tag bundle: Lit, CodeMirror
// and their dependencies; the React entries: @lit/react): one comment with the licence of each, read
// from each package's own LICENSE file, so the notices travel with the file wherever it is copied.
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';

const NODE_MODULES = `${sep}node_modules${sep}`;

/** The package folder that holds a bundled module, or undefined for the project's own sources. */
function packageRoot(moduleId) {
  const at = moduleId.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const rest = moduleId.slice(at + NODE_MODULES.length).split(sep);
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  return join(moduleId.slice(0, at + NODE_MODULES.length), ...rest.slice(0, depth));
}

function licenceText(root) {
  for (const name of ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'license', 'LICENCE']) {
    const file = join(root, name);
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  }
  return undefined;
}

/** The comment for a set of package folders, sorted by name; identical licence texts are written once. */
function licenceBanner(roots) {
  const packages = [...roots]
    .map((root) => ({ root, manifest: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) }))
    .sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
  const byText = new Map();
  for (const { root, manifest } of packages) {
    const text = licenceText(root);
    if (!text) throw new Error(`bundled package ${manifest.name} has no LICENSE file`);
    const names = byText.get(text) ?? [];
    names.push(`${manifest.name}@${manifest.version} (${manifest.license})`);
    byText.set(text, names);
  }
  const sections = [...byText].map(([text, names]) => `${names.join(', ')}:\n\n${text}`);
  const body = ['t3-composer. This file includes these packages, under their licences:', ...sections]
    .join('\n\n')
    .replaceAll('*/', '* /');
  return `/*!\n${body}\n*/`;
}

/** The rollup `output.banner` for a chunk: the licences of the packages among its modules. */
export function bundledLicenceBanner(chunk) {
  const roots = new Set();
  for (const id of chunk.moduleIds) {
    const root = packageRoot(id.replace(/^\0/, ''));
    if (root) roots.add(root);
  }
  return roots.size === 0 ? '' : licenceBanner(roots);
}
