import { dirname, join } from 'node:path/posix';

/**
 * The package's public entries that export element classes, by source file. The manifest describes
 * the files a host imports, so each element module is listed under the built entry that exports it.
 */
const PUBLIC_ENTRIES = { 'src/message.ts': 'dist/message.js', 'src/composer.ts': 'dist/composer.js' };
/** Code-point order, the same on every machine (`localeCompare` follows the machine's locale). */
const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
/** The entry whose import registers every tag. */
const DEFINE_ENTRY = 'dist/define.js';

/**
 * Rewrites the analyzed source modules into the shipped ones: a source module's declarations move to
 * the entry that exports them (keeping only what it exports), references to them follow, internal
 * modules (bundled into chunks, with no file of their own in the package) are left out, and the
 * define entry lists the tag of every element.
 */
export function shipPaths(manifest) {
  const shippedPath = new Map();
  for (const entry of manifest.modules.filter((module) => PUBLIC_ENTRIES[module.path])) {
    for (const exported of entry.exports ?? []) {
      const source = join(dirname(entry.path), exported.declaration.module).replace(/\.js$/, '.ts');
      shippedPath.set(`${source}#${exported.declaration.name}`, PUBLIC_ENTRIES[entry.path]);
    }
  }
  const moduleOf = (reference) => {
    const source = reference.module.replace(/^\//, '').replace(/\.js$/, '.ts');
    return shippedPath.get(`${source}#${reference.name}`);
  };
  const relink = (reference) => {
    if (reference?.module && moduleOf(reference)) reference.module = moduleOf(reference);
  };

  const shipped = new Map(Object.values(PUBLIC_ENTRIES).map((path) => [path, []]));
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      const path = shippedPath.get(`${module.path}#${declaration.name}`);
      if (!path) continue;
      relink(declaration.superclass);
      for (const member of [...(declaration.members ?? []), ...(declaration.attributes ?? [])]) {
        relink(member.inheritedFrom);
      }
      for (const event of declaration.events ?? []) relink(event.inheritedFrom);
      shipped.get(path).push(declaration);
    }
  }
  for (const declarations of shipped.values()) declarations.sort((a, b) => compare(a.name, b.name));
  const elements = [...shipped].flatMap(([path, declarations]) =>
    declarations.filter((declaration) => declaration.tagName).map((declaration) => ({ path, declaration })),
  );
  manifest.modules = [
    ...[...shipped].map(([path, declarations]) => ({
      kind: 'javascript-module',
      path,
      declarations,
      exports: declarations.map(({ name }) => ({ kind: 'js', name, declaration: { name, module: path } })),
    })),
    {
      kind: 'javascript-module',
      path: DEFINE_ENTRY,
      declarations: [],
      exports: elements.map(({ path, declaration }) => ({
        kind: 'custom-element-definition',
        name: declaration.tagName,
        declaration: { name: declaration.name, module: path },
      })),
    },
  ];
  manifest.modules.sort((a, b) => compare(a.path, b.path));
}

/** `cem analyze` with no flags reproduces the committed custom-elements.json from the elements' JSDoc. */
export default {
  globs: ['src/elements/**/*.ts', ...Object.keys(PUBLIC_ENTRIES)],
  exclude: ['src/elements/**/*.styles.ts'],
  litelement: true,
  packagejson: false,
  plugins: [
    {
      name: 'ship-paths',
      packageLinkPhase({ customElementsManifest }) {
        shipPaths(customElementsManifest);
      },
    },
  ],
};
