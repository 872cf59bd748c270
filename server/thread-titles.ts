import { resolveMessageContext } from '../src/core/index.js';
import type { ThreadList } from './api-types.js';
import { plainText } from './reply-prose.js';
import type { Store } from './store.js';

/** A thread's title is its first message as a reader sees it, cut to this many characters. */
export const TITLE_MAX_CHARS = 60;

/** What a thread is called before its first message. */
export const UNTITLED = 'New chat';

/**
 * The title of a thread from its first message: chips as their labels (legacy blocks upgraded
 * first, as a renderer shows them), whitespace collapsed, at most 60 characters, cut at a word
 * when one ends in the last third, with an ellipsis.
 */
export function threadTitle(text: string, context: unknown): string {
  const plain = plainText(resolveMessageContext({ text, context }).text);
  if (plain === '') return UNTITLED;
  const characters = [...plain];
  if (characters.length <= TITLE_MAX_CHARS) return plain;
  const cut = characters.slice(0, TITLE_MAX_CHARS - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > (TITLE_MAX_CHARS * 2) / 3 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Every thread with messages, the one written to last first, each with its title. */
export function listThreads(store: Store): ThreadList {
  return {
    threads: store.listThreads().map((thread) => ({
      threadId: thread.id,
      title: threadTitle(thread.firstText, parseContext(thread.firstContextJson)),
      updatedAt: thread.updatedAt,
    })),
  };
}

function parseContext(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
