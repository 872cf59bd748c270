import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { DeletedThreadStatus, ReplyStatus } from './api-types.js';
import { chooseBranch, parentFor } from './branches.js';
import { HttpError, parseJsonBody, readBody, requireJsonContentType, sendError, sendJson } from './http-io.js';
import { MAX_BODY_BYTES, THREAD_ID_PATTERN } from './limits.js';
import { parseBranchChoice, parseMessageRequest } from './message-request.js';
import { searchFiles } from './project-files.js';
import { createMessage, listThread, messageIdOfReply, readReply, replyText } from './messages.js';
import { DEFAULT_REPLY_PACING, type ReplyPacing, ReplyStreams, wantsEventStream } from './reply-stream.js';
import { serveStatic, type StaticRoot } from './static-files.js';
import type { Store } from './store.js';
import { listThreads } from './thread-titles.js';
import { replyIdOf } from './thread-tree.js';
import { postUpload, sendStoredFile } from './uploads.js';

/**
 * Request routing for the reference host:
 *   GET  /api/threads                      every thread with messages, newest first, with its title
 *   POST /api/threads/:threadId/messages   create a message (JSON body); with `Accept: text/event-stream`
 *                                          the answer streams its reply as Server-Sent Events
 *   GET  /api/threads/:threadId/messages   list a thread (the branch shown, with each message's versions)
 *   PUT  /api/threads/:threadId/branch     show the branch through a message (JSON `{messageId}`)
 *   GET  /api/replies/:replyId             a reply in its stored state
 *   POST /api/replies/:replyId/stop        stop a streaming reply
 *   DELETE /api/threads/:threadId          delete a thread: its messages, replies, attachments and uploads
 *   GET  /api/attachments/:attachmentId    attachment bytes
 *   POST /api/uploads                      store one file (the raw body) before a message names it
 *   GET  /api/uploads/:attachmentId        an upload's bytes (the same files as /api/attachments)
 *   GET  /api/files?query=…                the project's files matching a query (at most 50)
 *   GET  anything else                     static files (demo pages, `/dist/` bundles)
 * Every failure becomes a JSON `{error}` response; no input can throw past `handleRequest`.
 */

export interface AppOptions {
  store: Store;
  staticRoots: readonly StaticRoot[];
  /** The files a file-mention provider may offer (`GET /api/files?query=`). */
  projectFiles?: readonly string[];
  /** Where unexpected (5xx) errors are reported. */
  logError?: (error: unknown) => void;
  /** The replies streaming now; the host stops them all when it closes. */
  replyStreams?: ReplyStreams;
  replyPacing?: ReplyPacing;
}

const THREAD_LIST_ROUTE = /^\/api\/threads\/?$/;
const THREAD_ROUTE = /^\/api\/threads\/([^/]+)\/?$/;
const UPLOADS_ROUTE = /^\/api\/uploads\/?$/;
const UPLOAD_ROUTE = /^\/api\/uploads\/([^/]+)\/?$/;
const THREAD_MESSAGES_ROUTE = /^\/api\/threads\/([^/]+)\/messages\/?$/;
const THREAD_BRANCH_ROUTE = /^\/api\/threads\/([^/]+)\/branch\/?$/;
const ATTACHMENT_ROUTE = /^\/api\/attachments\/([^/]+)\/?$/;
const REPLY_ROUTE = /^\/api\/replies\/([^/]+)(\/stop)?\/?$/;
/** What `att_…` ids look like; any other value cannot name a stored attachment. */
const ATTACHMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

export function createRequestHandler(appOptions: AppOptions): RequestListener {
  const options = { ...appOptions, replyStreams: appOptions.replyStreams ?? new ReplyStreams() };
  const logError = options.logError ?? ((error: unknown) => console.error(error));
  return (req, res) => {
    handleRequest(req, res, options).catch((error: unknown) => {
      if (!(error instanceof HttpError)) logError(error);
      const failure = error instanceof HttpError ? error : new HttpError(500, 'internal server error');
      if (res.headersSent) {
        res.destroy();
        return;
      }
      try {
        sendError(req, res, failure);
      } catch {
        res.destroy();
      }
    });
  };
}

type RoutedOptions = AppOptions & { replyStreams: ReplyStreams };

async function handleRequest(req: IncomingMessage, res: ServerResponse, options: RoutedOptions): Promise<void> {
  const urlPath = requestPath(req.url);
  const method = req.method ?? 'GET';

  if (THREAD_LIST_ROUTE.test(urlPath)) {
    allowMethods(method, ['GET', 'HEAD']);
    return sendJson(req, res, 200, listThreads(options.store));
  }

  const threadRoute = THREAD_ROUTE.exec(urlPath);
  if (threadRoute) {
    allowMethods(method, ['DELETE']);
    return deleteThread(req, res, options, readThreadId(threadRoute[1]!));
  }

  if (UPLOADS_ROUTE.test(urlPath)) {
    allowMethods(method, ['POST']);
    return postUpload(req, res, options.store, new URL(req.url ?? '/', 'http://host').searchParams);
  }

  const uploadMatch = UPLOAD_ROUTE.exec(urlPath);
  if (uploadMatch) {
    allowMethods(method, ['GET', 'HEAD']);
    return sendAttachment(req, res, options.store, decodePathSegment(uploadMatch[1]!, 'upload id'));
  }

  const threadMatch = THREAD_MESSAGES_ROUTE.exec(urlPath);
  if (threadMatch) {
    allowMethods(method, ['GET', 'HEAD', 'POST']);
    const threadId = readThreadId(threadMatch[1]!);
    if (method === 'POST') return postMessage(req, res, options, threadId);
    return sendJson(req, res, 200, listThread(options.store, threadId));
  }

  const branchMatch = THREAD_BRANCH_ROUTE.exec(urlPath);
  if (branchMatch) {
    allowMethods(method, ['PUT']);
    const threadId = readThreadId(branchMatch[1]!);
    requireJsonContentType(req);
    const messageId = parseBranchChoice(parseJsonBody(await readBody(req, 4096)));
    return sendJson(req, res, 200, chooseBranch(options.store, threadId, messageId));
  }

  const attachmentMatch = ATTACHMENT_ROUTE.exec(urlPath);
  if (attachmentMatch) {
    allowMethods(method, ['GET', 'HEAD']);
    return sendAttachment(req, res, options.store, decodePathSegment(attachmentMatch[1]!, 'attachment id'));
  }

  const replyMatch = REPLY_ROUTE.exec(urlPath);
  if (replyMatch) {
    const replyId = decodePathSegment(replyMatch[1]!, 'reply id');
    if (replyMatch[2]) {
      allowMethods(method, ['POST']);
      return stopReply(req, res, options, replyId);
    }
    allowMethods(method, ['GET', 'HEAD']);
    return sendJson(req, res, 200, { reply: findReply(options.store, replyId) } satisfies ReplyStatus);
  }

  if (urlPath === '/api/files') {
    allowMethods(method, ['GET', 'HEAD']);
    const query = new URL(req.url ?? '/', 'http://host').searchParams.get('query') ?? '';
    return sendJson(req, res, 200, { files: searchFiles(options.projectFiles ?? [], query) });
  }

  if (urlPath === '/api' || urlPath.startsWith('/api/')) {
    throw new HttpError(404, `no API route ${urlPath}`);
  }
  allowMethods(method, ['GET', 'HEAD']);
  return serveStatic(req, res, options.staticRoots, urlPath);
}

/** The path of the request target, still percent-encoded; the query is ignored. */
function requestPath(target: string | undefined): string {
  const raw = (target ?? '/').split(/[?#]/, 1)[0]!;
  if (!raw.startsWith('/')) throw new HttpError(400, 'request target must be an absolute path');
  return raw;
}

function allowMethods(method: string, allowed: readonly string[]): void {
  if (!allowed.includes(method)) {
    throw new HttpError(405, `method ${method} is not allowed here; use ${allowed.join(', ')}`, {
      Allow: allowed.join(', '),
    });
  }
}

function decodePathSegment(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, `${what} is not valid percent-encoding`);
  }
}

function readThreadId(segment: string): string {
  const threadId = decodePathSegment(segment, 'thread id');
  if (!THREAD_ID_PATTERN.test(threadId)) {
    throw new HttpError(400, 'thread id must be 1-64 letters, digits, _ or -');
  }
  return threadId;
}

async function postMessage(req: IncomingMessage, res: ServerResponse, options: RoutedOptions, threadId: string) {
  // JSON only: a cross-site form can send text/plain without a preflight, but not application/json.
  requireJsonContentType(req);
  const body = parseJsonBody(await readBody(req, MAX_BODY_BYTES));
  const streamReply = wantsEventStream(req);
  const draft = parseMessageRequest(body);
  const parentId = parentFor(options.store, threadId, draft.parentId);
  // A steer ends the reply it follows where it is (stored as it was); the new reply answers both.
  const steered =
    draft.delivery === 'steer' && parentId !== null && (await options.replyStreams.stop(parentId, 'steered'));
  const interruptedReplyId = steered ? parentId : null;
  const created = createMessage(options.store, threadId, draft, { streamReply, parentId, interruptedReplyId });
  if (!streamReply) return sendJson(req, res, 201, created);
  const pacing = options.replyPacing ?? DEFAULT_REPLY_PACING;
  const text = replyText(options.store, created.message);
  await options.replyStreams.stream(req, res, options.store, created, text, pacing);
}

function findReply(store: Store, replyId: string) {
  const messageId = messageIdOfReply(replyId);
  const reply = messageId === null ? undefined : readReply(store, messageId);
  if (!reply) throw new HttpError(404, `no reply ${replyId}`);
  return reply;
}

/** Stops a streaming reply; answers with its stored state (`stopped`: whether this request stopped it). */
async function stopReply(req: IncomingMessage, res: ServerResponse, options: RoutedOptions, replyId: string) {
  // Like posting a message, JSON only, so another site cannot stop replies without a preflight.
  requireJsonContentType(req);
  await readBody(req, 1024);
  findReply(options.store, replyId);
  const stopped = await options.replyStreams.stop(replyId, 'stop-request');
  sendJson(req, res, 200, { reply: findReply(options.store, replyId), stopped } satisfies ReplyStatus);
}

function sendAttachment(req: IncomingMessage, res: ServerResponse, store: Store, attachmentId: string): void {
  const attachment = ATTACHMENT_ID_PATTERN.test(attachmentId) ? store.getAttachment(attachmentId) : undefined;
  if (!attachment) throw new HttpError(404, `no attachment ${attachmentId}`);
  sendStoredFile(req, res, attachment);
}

/**
 * Deletes a thread once its streaming replies are stopped (stored as stopped, then deleted with the
 * rest); a thread with nothing stored is a 404.
 */
async function deleteThread(req: IncomingMessage, res: ServerResponse, options: RoutedOptions, threadId: string) {
  for (const { id } of options.store.threadLinks(threadId))
    await options.replyStreams.stop(replyIdOf(id), 'stop-request');
  const deleted = options.store.deleteThread(threadId);
  if (!deleted) throw new HttpError(404, `no thread ${threadId}`);
  sendJson(req, res, 200, { threadId, deleted } satisfies DeletedThreadStatus);
}
