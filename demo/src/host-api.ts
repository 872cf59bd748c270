import type { ComposerSubmitDetail } from '../../src/composer.js';
import type {
  AssistantMessage,
  BranchChoice,
  CreatedMessage,
  Delivery,
  MessageVersions,
  ReplyStatus,
  ReplyStreamEvents,
  ThreadList,
  ThreadListing,
  ThreadMessage,
  ThreadSummary,
  UserMessage,
} from '../../server/api-types.js';
import { readEventStream } from './event-stream.js';

export type {
  AssistantMessage,
  CreatedMessage,
  MessageVersions,
  ThreadListing,
  ThreadMessage,
  ThreadSummary,
  UserMessage,
};

/** What a message is sent as: the fields `t3-submit` carries (and `t3-edit`'s `submission`), files included. */
export type Submission = Pick<ComposerSubmitDetail, 'text' | 'context' | 'prompt' | 'inputAnnotations' | 'attachments'>;

/**
 * Where a message goes: after the reply `parentId` (an edit; absent, the end of the branch shown),
 * and how it was sent (`steer` cuts the running reply short).
 */
export interface Placement {
  parentId?: string | null;
  delivery?: Delivery;
}

/** The environment the demo host runs in; fragments copied here can re-fetch their binaries. */
export const ENVIRONMENT_ID = 'demo-host';

/** Every thread with messages, the one written to last first, each with its title. */
export async function readThreadList(): Promise<ThreadSummary[]> {
  const response = await fetch('/api/threads');
  if (!response.ok) throw new Error(await errorOf(response));
  return ((await response.json()) as ThreadList).threads;
}

/** The thread as shown: the branch last chosen, with the versions of its messages. */
export async function readThread(threadId: string): Promise<ThreadListing> {
  const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}/messages`);
  if (!response.ok) throw new Error(await errorOf(response));
  return (await response.json()) as ThreadListing;
}

export async function listThread(threadId: string): Promise<ThreadMessage[]> {
  return (await readThread(threadId)).messages;
}

/** Shows the branch through a message (its newest end) from now on; resolves with the thread as shown then. */
export async function chooseBranch(threadId: string, messageId: string): Promise<ThreadListing> {
  const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}/branch`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ messageId } satisfies BranchChoice),
  });
  if (!response.ok) throw new Error(await errorOf(response));
  return (await response.json()) as ThreadListing;
}

/** Sends what `t3-submit` carries: text, context, prompt, annotations and the bytes of files not uploaded yet. */
export async function sendSubmission(threadId: string, detail: Submission): Promise<CreatedMessage> {
  const response = await postSubmission(threadId, detail, 'application/json');
  if (!response.ok) throw new Error(await errorOf(response));
  return (await response.json()) as CreatedMessage;
}

export interface ReplyStreamHandlers {
  /** The host stored the message; its reply starts empty. */
  created(created: CreatedMessage): void;
  /** The next piece of the reply's text. */
  delta(text: string): void;
}

/**
 * Sends a submission and streams its reply. Resolves with the reply as the host stored it at the
 * end (`complete` or `stopped`); rejects when the message was refused, or when the connection
 * broke before the end (the host then stores the reply as stopped).
 */
export async function sendAndStream(
  threadId: string,
  detail: Submission,
  handlers: ReplyStreamHandlers,
  { signal, placement = {} }: { signal?: AbortSignal; placement?: Placement } = {},
): Promise<AssistantMessage> {
  const response = await postSubmission(threadId, detail, 'text/event-stream', signal, placement);
  if (!response.ok || !response.body) throw new Error(await errorOf(response));
  for await (const { event, data } of readEventStream(response.body)) {
    if (event === 'created') handlers.created(JSON.parse(data) as ReplyStreamEvents['created']);
    else if (event === 'delta') handlers.delta((JSON.parse(data) as ReplyStreamEvents['delta']).text);
    else if (event === 'end') return (JSON.parse(data) as ReplyStreamEvents['end']).reply;
  }
  throw new Error('the connection closed before the reply ended');
}

/** Asks the host to stop a streaming reply; resolves with the reply as stored. */
export async function stopReply(replyId: string): Promise<AssistantMessage> {
  const response = await fetch(`/api/replies/${encodeURIComponent(replyId)}/stop`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(await errorOf(response));
  return ((await response.json()) as ReplyStatus).reply;
}

/** A reply as the host has stored it now. */
export async function readReply(replyId: string, signal?: AbortSignal): Promise<AssistantMessage> {
  const response = await fetch(`/api/replies/${encodeURIComponent(replyId)}`, { signal });
  if (!response.ok) throw new Error(await errorOf(response));
  return ((await response.json()) as ReplyStatus).reply;
}

async function postSubmission(
  threadId: string,
  detail: Submission,
  accept: string,
  signal?: AbortSignal,
  placement: Placement = {},
): Promise<Response> {
  // A file uploaded on attach is the host's already: its records name it, and its bytes do not go again.
  const attachments = await Promise.all(
    detail.attachments
      .filter((attachment) => !attachment.uploaded)
      .map(async ({ attachmentId, file }) => ({
        attachmentId,
        name: file.name,
        mimeType: file.type || 'application/octet-stream',
        dataBase64: await base64Of(file),
      })),
  );
  return fetch(`/api/threads/${encodeURIComponent(threadId)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: accept },
    signal,
    body: JSON.stringify({
      text: detail.text,
      context: detail.context ?? null,
      prompt: detail.prompt,
      inputAnnotations: detail.inputAnnotations,
      attachments,
      ...placement,
    }),
  });
}

/** The asset resolver used when a copied image or file is pasted: its bytes from the host. */
export async function resolveAsset(_source: { environmentId: string }, attachmentId: string): Promise<Blob> {
  const response = await fetch(`/api/attachments/${encodeURIComponent(attachmentId)}`);
  if (!response.ok) throw new Error(await errorOf(response));
  return response.blob();
}

export async function searchProjectFiles(query: string, signal: AbortSignal): Promise<string[]> {
  const response = await fetch(`/api/files?query=${encodeURIComponent(query)}`, { signal });
  if (!response.ok) throw new Error(await errorOf(response));
  return ((await response.json()) as { files: string[] }).files;
}

async function errorOf(response: Response): Promise<string> {
  try {
    return ((await response.json()) as { error?: string }).error ?? response.statusText;
  } catch {
    return response.statusText;
  }
}

async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
