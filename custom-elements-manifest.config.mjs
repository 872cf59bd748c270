/** `cem analyze` with no flags reproduces the committed custom-elements.json from the elements' JSDoc. */
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts'],
  litelement: true,
  packagejson: false,
  plugins: [
    {
      // The analyzer lists modules in the order the file system returns them, which differs between
      // checkouts; sorting by path makes the manifest the same everywhere.
      name: 'sort-modules',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
      },
    },
  ],
};
