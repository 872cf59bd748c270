/** `cem analyze` with no flags reproduces the committed custom-elements.json from the elements' JSDoc. */
export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts'],
  litelement: true,
  packagejson: false,
};
