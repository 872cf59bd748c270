/**
 * Bundles the benchmark page (the package from `src/`, production Lit, CodeMirror, marked, the
 * peer editors, Tiptap and Lexical, and the peer message renderers on React 19, in their production builds)
 * with esbuild into a temporary folder and serves it on a loopback port. The long transcript is
 * styled with the demo's own transcript rules, read from its stylesheets (demo/styles/).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { serveStatic } from '../../support/static-server.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The benchmark's workspace of message peers: React 19 and what runs on it. */
const peersRoot = join(projectRoot, 'bench/message-peers');
const peersRequire = createRequire(join(peersRoot, 'package.json'));

/**
 * `react` and `react-dom` (and their subpaths) resolve to the peers workspace's React 19 wherever
 * they are imported from, so react-markdown and streamdown run on it whatever npm hoisted; the
 * package's own React wrappers and their tests keep React 18.
 */
export const react19: Plugin = {
  name: 'react-19',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) =>
      args.resolveDir === peersRoot ? undefined : build.resolve(args.path, { kind: args.kind, resolveDir: peersRoot }),
    );
  },
};

/**
 * Streamdown's styles as its documentation sets them up: Tailwind CSS 4 compiled with streamdown's
 * built files as a source (its components' classes), then its own stylesheet.
 */
function writeStreamdownCss(outdir: string): void {
  const tailwind = peersRequire.resolve('tailwindcss/index.css');
  const streamdownStyles = peersRequire.resolve('streamdown/styles.css');
  const streamdownDist = join(dirname(streamdownStyles), 'dist');
  const input = join(outdir, 'streamdown.input.css');
  writeFileSync(
    input,
    `@import ${JSON.stringify(tailwind)} source(none);\n@source ${JSON.stringify(`${streamdownDist}/*.js`)};\n`,
  );
  const output = join(outdir, 'streamdown.tailwind.css');
  const cli = join(dirname(peersRequire.resolve('@tailwindcss/cli/package.json')), 'dist/index.mjs');
  execFileSync(process.execPath, [cli, '-i', input, '-o', output, '--minify'], { stdio: 'ignore' });
  const styles = readFileSync(streamdownStyles, 'utf8');
  writeFileSync(join(outdir, 'streamdown.css'), `${readFileSync(output, 'utf8')}\n${styles}`);
}

/** The demo's top-level rules for the transcript, its entries and replies, as written in its stylesheets. */
function demoTranscriptRules(): string {
  const css = ['transcript.css', 'reply.css']
    .map((name) => readFileSync(join(projectRoot, 'demo/styles', name), 'utf8'))
    .join('\n');
  return ['.transcript', '.entry', '.entry.user', '.entry.earlier', '.reply', '.reply-status', '.inspector pre']
    .map((selector) => {
      const rule = new RegExp(`^${selector.replaceAll('.', '\\.')} \\{[^}]*\\}`, 'm').exec(css);
      if (!rule) throw new Error(`demo/styles has no top-level ${selector} rule`);
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

/** `sourcemap` writes the page's source map beside it, so a profile can name the module of each sample. */
export async function serveBenchPage({ sourcemap = false } = {}): Promise<BenchPage> {
  const outdir = mkdtempSync(join(tmpdir(), 't3-bench-'));
  await build({
    entryPoints: { page: join(projectRoot, 'bench/browser/page.ts') },
    outdir,
    bundle: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    sourcemap,
    // The peers' production code paths (Lexical picks its build by NODE_ENV and export condition).
    define: { 'process.env.NODE_ENV': '"production"' },
    conditions: ['production'],
    tsconfig: join(projectRoot, 'tsconfig.json'),
    plugins: [react19],
    logLevel: 'warning',
  });
  writeStreamdownCss(outdir);
  const server = await serveStatic(outdir, { '/': pageHtml() });
  return {
    url: `${server.url}/`,
    async close() {
      await server.close();
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}
