import { readFile } from 'node:fs/promises';
import { minifyHTMLLiterals } from 'minify-literals';

/**
 * The stylesheets of the elements are Lit `css` templates, which a JavaScript minifier leaves as
 * written, indentation and all. This minifies the CSS inside them with Lightning CSS (through
 * `minify-literals`, as Lit's production guide suggests), and leaves `html` templates alone: their
 * whitespace can be text a chip or a message shows.
 */
export async function minifyCssLiterals(code, fileName) {
  if (!code.includes('css`')) return null;
  return minifyHTMLLiterals(code, { fileName, html: false, sourceMap: true });
}

const SOURCES = /[\\/]src[\\/].*\.ts$/;
/** The package's own TypeScript modules, not a dependency's. */
const isOwnSource = (path) => SOURCES.test(path) && !path.includes('node_modules');

/** For the package build (Vite / Rolldown): the package's own modules, before TypeScript is stripped. */
export function cssLiteralsPlugin() {
  return {
    name: 't3-css-literals',
    enforce: 'pre',
    async transform(code, id) {
      if (!isOwnSource(id)) return null;
      const result = await minifyCssLiterals(code, id);
      return result && { code: result.code, map: result.map };
    },
  };
}

/** For esbuild (the size figures), so they count the stylesheets as the package ships them. */
export const cssLiteralsEsbuildPlugin = {
  name: 't3-css-literals',
  setup(build) {
    build.onLoad({ filter: SOURCES }, async ({ path }) => {
      if (!isOwnSource(path)) return undefined;
      const code = await readFile(path, 'utf8');
      const result = await minifyCssLiterals(code, path);
      return result ? { contents: result.code, loader: 'ts' } : undefined;
    });
  },
};
