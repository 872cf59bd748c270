import type { Submission, UserMessage } from './host-api.js';

/**
 * A message as the transcript shows it while the host has not stored it yet: the submission as a
 * user message with a provisional id, its files shown from object URLs until `release`.
 */
export interface PendingMessage {
  message: UserMessage;
  /** Frees the files' object URLs, once the stored message (or nothing) has taken its place. */
  release(): void;
}

let count = 0;

export function pendingMessage(submission: Submission, threadId: string): PendingMessage {
  const urls: string[] = [];
  const attachments = submission.attachments.map(({ attachmentId, file, uploaded, url: hostUrl }) => {
    // An upload that came back from the store after a reload has no bytes here: the host serves them.
    const byteless = uploaded && hostUrl && file.size === 0;
    const url = byteless ? hostUrl : URL.createObjectURL(file);
    if (!byteless) urls.push(url);
    const mimeType = file.type || 'application/octet-stream';
    return { attachmentId, name: file.name, mimeType, sizeBytes: file.size, url };
  });
  return {
    message: {
      id: `pending-${++count}`,
      threadId,
      role: 'user',
      createdAt: new Date().toISOString(),
      text: submission.text,
      context: submission.context ?? null,
      prompt: submission.prompt,
      inputAnnotations: [...submission.inputAnnotations],
      attachments,
    },
    release: () => urls.forEach((url) => URL.revokeObjectURL(url)),
  };
}
