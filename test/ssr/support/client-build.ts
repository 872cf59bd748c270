import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

/**
 * The browser side of a server-rendered page, bundled as a host bundles it, into `outDir`:
 * `client.js` (hydration support, then the thread hydrated, then the elements defined) and
 * `start.js`, which hydrates the page's `#thread` from the messages in its `#messages` JSON (a file,
 * so a page whose policy allows no inline script can load it).
 */
export async function buildClient(outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'error',
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: resolve(import.meta.dirname, '../fixture/client.ts'),
        formats: ['es'],
        fileName: () => 'client.js',
      },
    },
  });
  writeFileSync(
    join(outDir, 'start.js'),
    `import { hydrateThread } from './client.js';
window.hydrated = hydrateThread(JSON.parse(document.getElementById('messages').textContent), document.getElementById('thread'));
`,
  );
}

/** The page's messages as JSON in a script element the browser never runs. */
export function messagesScript(messages: unknown): string {
  return `<script type="application/json" id="messages">${JSON.stringify(messages).replaceAll('<', '\\u003c')}</script>`;
}

/** `entry` bundled as a host's bundler would, as `fileName` (its chunks beside it) in `outDir`. */
export async function bundle(entry: string, fileName: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, minify: false, lib: { entry, formats: ['es'], fileName: () => fileName } },
  });
}
