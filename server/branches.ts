import type { ThreadListing } from './api-types.js';
import { HttpError } from './http-io.js';
import { endOfBranch, listThread } from './messages.js';
import type { Store } from './store.js';
import { messageIdOfReply, ThreadTree } from './thread-tree.js';

/**
 * Branches over HTTP: where a new message goes (after the branch shown, or after the reply an
 * edit names) and choosing the branch shown (`PUT /api/threads/:threadId/branch`).
 */

/**
 * The reply a new message follows: `requested` when it names a reply of this thread (null: the
 * message starts the thread again), the end of the branch shown when absent.
 */
export function parentFor(store: Store, threadId: string, requested: string | null | undefined): string | null {
  if (requested === undefined) return endOfBranch(store, threadId);
  if (requested === null) return null;
  const tree = new ThreadTree(store.threadLinks(threadId));
  const answered = messageIdOfReply(requested);
  if (answered !== null && tree.has(answered)) return requested;
  if (tree.has(requested)) {
    throw new HttpError(400, `parentId names a user message; a message follows a reply: ${requested}_reply`);
  }
  throw new HttpError(400, `parentId ${requested} is not a reply in thread ${threadId}`);
}

/**
 * Shows the branch through a message (or reply): the newest message under it becomes the end of
 * the branch shown, stored so a reload shows it again. Answers with the thread as now shown.
 */
export function chooseBranch(store: Store, threadId: string, messageId: string): ThreadListing {
  const tree = new ThreadTree(store.threadLinks(threadId));
  const message = tree.messageOf(messageId);
  if (message === null) throw new HttpError(404, `no message ${messageId} in thread ${threadId}`);
  store.chooseBranch(threadId, tree.latestLeafUnder(message));
  return listThread(store, threadId);
}
