import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/** The demo pages, built into `dist-demo/` and served by the reference host at `/`. */
export default defineConfig({
  root: 'demo',
  base: './',
  build: {
    target: 'es2022',
    outDir: resolve(import.meta.dirname, 'dist-demo'),
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'demo/index.html'),
        scriptTag: resolve(import.meta.dirname, 'demo/script-tag.html'),
        react: resolve(import.meta.dirname, 'demo/react.html'),
        vue: resolve(import.meta.dirname, 'demo/vue.html'),
      },
    },
  },
});
