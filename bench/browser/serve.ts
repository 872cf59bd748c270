/**
 * Bundles the benchmark page (the package from `src/`, production Lit, CodeMirror, marked and the
 * peer editors, Tiptap and Lexical, in their production builds)
 * with esbuild into a temporary folder and serves it on a loopback port. The long transcript is
 * styled with the demo's own transcript rules, read from demo/demo.css.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { serveStatic } from '../../support/static-server.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The demo's top-level rules for the transcript, its entries and replies, as written in demo/demo.css. */
function demoTranscriptRules(): string {
  const css = readFileSync(join(projectRoot, 'demo/demo.css'), 'utf8');
  return ['.transcript', '.entry', '.entry.user', '.entry.earlier', '.reply', '.reply-status', '.inspector pre']
    .map((selector) => {
      const rule = new RegExp(`^${selector.replaceAll('.', '\\.')} \\{[^}]*\\}`, 'm').exec(css);
      if (!rule) throw new Error(`demo/demo.css has no top-level ${selector} rule`);
      return rule[0];
    })
    .join('\n');
}

const pageHtml = () => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>t3-composer benchmarks</title>
    <style>
      body { margin: 0; font: 14px/1.5 system-ui, sans-serif; }
      main { inline-size: 720px; margin: 0 auto; }
      #log { block-size: 560px; overflow: auto; }
      ${demoTranscriptRules()}
      #transcript { block-size: 560px; }
      #transcript:empty { display: none; }
      #editors > * { display: block; margin-block: 8px; }
      #cycles { position: absolute; inset-block-start: 0; inline-size: 640px; }
    </style>
  </head>
  <body>
    <main>
      <div id="log"></div>
      <div id="transcript-place"><ol id="transcript" class="transcript" aria-label="Messages"></ol></div>
      <div id="editors"></div>
    </main>
    <div id="cycles"></div>
    <script type="module" src="/page.js"></script>
  </body>
</html>`;

export interface BenchPage {
  url: string;
  close(): Promise<void>;
}

export async function serveBenchPage(): Promise<BenchPage> {
  const outdir = mkdtempSync(join(tmpdir(), 't3-bench-'));
  await build({
    entryPoints: { page: join(projectRoot, 'bench/browser/page.ts') },
    outdir,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    // The peers' production code paths (Lexical picks its build by NODE_ENV and export condition).
    define: { 'process.env.NODE_ENV': '"production"' },
    conditions: ['production'],
    tsconfig: join(projectRoot, 'tsconfig.json'),
    logLevel: 'warning',
  });
  const server = await serveStatic(outdir, { '/': pageHtml() });
  return {
    url: `${server.url}/`,
    async close() {
      await server.close();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
