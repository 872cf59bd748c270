import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from './app.js';
import { type ReplyPacing, ReplyStreams } from './reply-stream.js';
import type { StaticRoot } from './static-files.js';
import { listProjectFiles } from './project-files.js';
import { seedDemoThread } from './seed.js';
import { openStore, type Store } from './store.js';

/** Starting and stopping the whole host: database, seed, HTTP server. */

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DATA_DIR = path.join(PROJECT_ROOT, '.data');

export const DEFAULT_STATIC_ROOTS: readonly StaticRoot[] = [
  { urlPrefix: '/dist/', directory: path.join(PROJECT_ROOT, 'dist') },
  { urlPrefix: '/', directory: path.join(PROJECT_ROOT, 'dist-demo') },
];

export interface HostOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  dataDir?: string;
  staticRoots?: readonly StaticRoot[];
  /** Folder whose files the file-mention provider offers; the project itself by default. */
  filesRoot?: string;
  logError?: (error: unknown) => void;
  /** How fast simulated replies stream (a second and a half each by default). */
  replyPacing?: ReplyPacing;
}

export interface RunningHost {
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:5173`. */
  url: string;
  server: Server;
  store: Store;
  close(): Promise<void>;
}

export async function startHost(options: HostOptions = {}): Promise<RunningHost> {
  const host = options.host ?? '127.0.0.1';
  const store = openStore(options.dataDir ?? DEFAULT_DATA_DIR);
  try {
    // Replies that were streaming when the host last stopped never finished: they read as stopped.
    store.interruptStreamingReplies();
    seedDemoThread(store);
    const replyStreams = new ReplyStreams();
    const server = createServer(
      createRequestHandler({
        store,
        replyStreams,
        replyPacing: options.replyPacing,
        staticRoots: options.staticRoots ?? DEFAULT_STATIC_ROOTS,
        projectFiles: listProjectFiles(options.filesRoot ?? PROJECT_ROOT),
        logError: options.logError,
      }),
    );
    server.on('clientError', answerMalformedRequest);
    await listen(server, options.port ?? 5173, host);
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      server,
      store,
      close: () => closeHost(server, store, replyStreams),
    };
  } catch (error) {
    store.close();
    throw error;
  }
}

/** Requests Node's parser refuses (bad syntax, huge headers) get a JSON error, not a silent drop. */
function answerMalformedRequest(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request';
  const body = JSON.stringify({ error: `malformed HTTP request (${error.code ?? 'unknown'})` });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function closeHost(server: Server, store: Store, replyStreams: ReplyStreams): Promise<void> {
  // Streaming replies are stored as stopped before the database closes.
  await replyStreams.stopAll('host-restart');
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  store.close();
}
