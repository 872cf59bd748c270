import { defineConfig } from 'vite';

/** ES module entries of the package; each becomes `dist/<name>.js`, shared code goes to chunks. */
const entries = {
  core: 'src/core/index.ts',
};

export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: entries,
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
  },
});
