import type { ComposerSubmitDetail } from '../../src/composer.js';
import type { CreatedMessage, ThreadListing, ThreadMessage } from '../../server/api-types.js';

export type { ThreadMessage };

/** The environment the demo host runs in; fragments copied here can re-fetch their binaries. */
export const ENVIRONMENT_ID = 'demo-host';

export async function listThread(threadId: string): Promise<ThreadMessage[]> {
  const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}/messages`);
  if (!response.ok) throw new Error(await errorOf(response));
  return ((await response.json()) as ThreadListing).messages;
}

/** Sends what `t3-submit` carries: text, context, prompt, annotations and the attachment bytes. */
export async function sendSubmission(threadId: string, detail: ComposerSubmitDetail): Promise<CreatedMessage> {
  const attachments = await Promise.all(
    detail.attachments.map(async ({ attachmentId, file }) => ({
      attachmentId,
      name: file.name,
      mimeType: file.type || 'application/octet-stream',
      dataBase64: await base64Of(file),
    })),
  );
  const response = await fetch(`/api/threads/${encodeURIComponent(threadId)}/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      text: detail.text,
      context: detail.context ?? null,
      prompt: detail.prompt,
      inputAnnotations: detail.inputAnnotations,
      attachments,
    }),
  });
  if (!response.ok) throw new Error(await errorOf(response));
  return (await response.json()) as CreatedMessage;
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
