import { defineConfig } from 'vite';

/** Two pages: the app, and one that renders before registering the elements. */
export default defineConfig({
  oxc: { jsx: { importSource: 'preact' } },
  build: { rolldownOptions: { input: ['index.html', 'late.html'] } },
});
