import { defineConfig } from 'vite';
import { bundledLicenceBanner } from './scripts/build/bundled-licenses.mjs';
import { cssLiteralsPlugin } from './scripts/build/css-literals.mjs';

/** ES module entries of the package; each becomes `dist/<name>.js`, shared code goes to chunks. */
const entries = {
  core: 'src/core/entry.ts',
  'core-legacy': 'src/core/legacy/index.ts',
  message: 'src/message.ts',
  composer: 'src/composer.ts',
  index: 'src/index.ts',
  define: 'src/define.ts',
  'define-message': 'src/define-message.ts',
  'define-composer': 'src/define-composer.ts',
  react: 'src/react/index.ts',
  'react-message': 'src/react/message.ts',
  'react-composer': 'src/react/composer.ts',
  // The AI SDK's UIMessage mapping: imports only the core (`ai` is a type-only optional peer).
  'ai-sdk': 'src/ai-sdk/index.ts',
  ssr: 'src/ssr.ts',
  // `t3-composer/ssr` under the `browser` condition: nothing to register, so a client component may import it.
  'ssr-browser': 'src/ssr-browser.ts',
  // The script-tag bundle's entry as an ES module, for servers that import every entry (`node` condition).
  'iife-server': 'src/iife.ts',
};

/**
 * Two passes (Vite's library mode builds an IIFE from one entry only): the default build writes the
 * ES entries with their dependencies external; `--mode iife` adds the self-contained script-tag
 * bundle with everything inlined.
 */
export default defineConfig(({ mode }) =>
  mode === 'iife'
    ? {
        plugins: [cssLiteralsPlugin()],
        build: {
          target: 'es2022',
          outDir: 'dist',
          emptyOutDir: false,
          sourcemap: true,
          minify: true,
          lib: {
            entry: 'src/iife.ts',
            formats: ['iife'],
            name: 'T3ComposerBundle',
            fileName: () => 't3-composer.iife.js',
          },
          rolldownOptions: { output: { postBanner: bundledLicenceBanner } },
        },
      }
    : {
        plugins: [cssLiteralsPlugin()],
        build: {
          target: 'es2022',
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: true,
          lib: { entry: entries, formats: ['es'], fileName: (_format, name) => `${name}.js` },
          rollupOptions: {
            // `@lit/react` is inlined into the React entries: a React host installs only react and react-dom.
            external: [/^lit(\/|$)/, /^@lit\/context/, /^marked$/, /^@codemirror\//, /^@floating-ui\//, /^react(\/|$)/],
            output: { postBanner: bundledLicenceBanner },
          },
        },
      },
);
