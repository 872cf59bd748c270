import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { BASE_HEADERS, CONTENT_SECURITY_POLICY, contentSecurityPolicy, HttpError } from './http-io.js';

/** Vue's runtime creates a Trusted Types policy of its own; its page allows it, the others need none. */
const PAGE_POLICIES: Readonly<Record<string, string>> = { 'vue.html': contentSecurityPolicy(['vue']) };

/** Serves files below fixed folders: demo pages at `/`, built bundles at `/dist/`. */

export interface StaticRoot {
  /** URL path prefix ending in `/`, e.g. `/dist/`. */
  urlPrefix: string;
  /** Folder served under that prefix. */
  directory: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path to a file, or `null` when no root claims it. Segments are percent-decoded one
 * by one and refused when they could climb out (`..`), hide a separator (`%2F`, `\`), carry a NUL
 * or name a dotfile; the resolved real path must still lie inside the root, so symlinks cannot
 * lead out either.
 */
async function resolveStaticFile(roots: readonly StaticRoot[], urlPath: string): Promise<string | null> {
  // Longest prefix first, so `/dist/` wins over `/`.
  const sorted = [...roots].sort((a, b) => b.urlPrefix.length - a.urlPrefix.length);
  const root = sorted.find((candidate) => urlPath.startsWith(candidate.urlPrefix));
  if (!root) return null;

  const segments = urlPath
    .slice(root.urlPrefix.length)
    .split('/')
    .filter((segment) => segment !== '');
  const decoded = segments.map(decodeSegment);
  if (decoded.some((segment) => segment === null)) return null;

  let rootReal: string;
  try {
    rootReal = await realpath(root.directory);
  } catch {
    return null;
  }
  let candidate = path.join(rootReal, ...(decoded as string[]));
  try {
    if ((await stat(candidate)).isDirectory()) candidate = path.join(candidate, 'index.html');
    const real = await realpath(candidate);
    if (real !== rootReal && !real.startsWith(rootReal + path.sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

function decodeSegment(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (decoded.startsWith('.') || /[/\\\0]/.test(decoded)) return null;
  return decoded;
}

/** Sends the file for `urlPath`, or throws 404. GET and HEAD only (the router checks). */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  roots: readonly StaticRoot[],
  urlPath: string,
): Promise<void> {
  const filePath = await resolveStaticFile(roots, urlPath);
  if (!filePath) throw new HttpError(404, `no such page or file: ${urlPath}`);
  const { size } = await stat(filePath);
  res.writeHead(200, {
    ...BASE_HEADERS,
    'Content-Security-Policy': PAGE_POLICIES[path.basename(filePath)] ?? CONTENT_SECURITY_POLICY,
    'Content-Type': contentTypeFor(filePath),
    'Content-Length': String(size),
    'Cache-Control': 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(filePath);
    stream.once('error', () => {
      res.destroy();
      resolve();
    });
    stream.once('end', resolve);
    stream.pipe(res);
  });
}
