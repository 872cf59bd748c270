import type { T3UserMessage } from '../../src/message.js';
import type { AssistantMessage, MessageVersions, ThreadMessage } from './host-api.js';
import { messageFiles } from './message-files.js';
import { versionPicker } from './version-picker.js';
import { EarlierMessages, windowStart } from './earlier-messages.js';
import { appendToReply, inspectorOf, settleInspector } from './reply-inspector.js';
import { isScrolledToEnd, settleAtEnd } from './scroll-end.js';

type UserEntry = Extract<ThreadMessage, { role: 'user' }>;

/**
 * The transcript: each user message as a `<t3-user-message>` (record-driven when it has a context
 * or links, annotation-driven otherwise), each reply as an assistant turn: its answer in Markdown,
 * and what a model would receive in a collapsed inspector. Lists scroll to the newest message once the
 * elements in it have rendered. A long thread shows its newest entries and adds earlier ones as
 * the reader scrolls up (`earlier-messages.ts`). A message with other versions (edits) carries a
 * picker to switch between them (`branches.ts`), from `versions` by message id.
 */
export async function renderTranscript(
  list: HTMLElement,
  messages: readonly ThreadMessage[],
  versions: Readonly<Record<string, MessageVersions>> = {},
): Promise<void> {
  earlier.get(list)?.dispose();
  earlier.delete(list);
  const byId = new Map(messages.map((message) => [message.id, message]));
  const entryOf = (message: ThreadMessage) =>
    message.role === 'user' ? userEntry(message, versions[message.id]) : replyEntry(message, byId.get(message.replyTo));
  const start = windowStart(messages);
  list.replaceChildren(...messages.slice(start).map(entryOf));
  if (messages.length === 0) list.append(emptyThread());
  const rest = start > 0 ? new EarlierMessages(list, messages, start, entryOf) : undefined;
  if (rest) earlier.set(list, rest);
  await scrollToNewest(list);
  rest?.watch();
}

/** The earlier part of each transcript's thread. */
const earlier = new WeakMap<HTMLElement, EarlierMessages>();

/**
 * Adds a just-sent message and its reply (streaming), in place of the message shown while it was
 * sending (`pending`) when that is still in the list.
 */
export async function appendExchange(
  list: HTMLElement,
  message: UserEntry,
  reply: AssistantMessage,
  { versions, pending }: { versions?: MessageVersions; pending?: HTMLElement } = {},
): Promise<void> {
  list.querySelector('.entry.empty')?.remove();
  const entries = [userEntry(message, versions), replyEntry(reply, message)];
  if (pending?.parentElement === list) pending.replaceWith(...entries);
  else list.append(...entries);
  await scrollToNewest(list);
}

/**
 * Shows a message the host has not stored yet, at the end, marked as sending: it cannot be edited
 * yet, and says so under it. Returns its entry, which the stored message replaces.
 */
export function appendPending(list: HTMLElement, message: UserEntry): HTMLElement {
  list.querySelector('.entry.empty')?.remove();
  const entry = userEntry(message, undefined);
  entry.dataset.state = 'sending';
  entry.setAttribute('aria-busy', 'true');
  entry.querySelector('t3-user-message')!.removeAttribute('editable');
  const note = document.createElement('p');
  note.className = 'sending-note';
  note.textContent = 'Sending…';
  entry.append(note);
  list.append(entry);
  void scrollToNewest(list);
  return entry;
}

/** Takes a message that was never stored out of the list (the composer has its draft back). */
export function withdrawPending(list: HTMLElement, pending: HTMLElement): void {
  pending.remove();
  if (!list.querySelector('.entry')) list.append(emptyThread());
}

/** Takes a message and everything after it out of the transcript (another version takes its place). */
export function removeFrom(list: HTMLElement, messageId: string): void {
  const entry = findEntry(list, messageId);
  while (entry?.nextElementSibling) entry.nextElementSibling.remove();
  entry?.remove();
}

/** Appends the next piece of a streaming reply, keeping the newest message in view if it was. */
export function appendReplyText(list: HTMLElement, replyId: string, text: string): void {
  const entry = findEntry(list, replyId);
  if (!entry) return;
  const pinned = isScrolledToEnd(list);
  appendToReply(entry, text);
  if (pinned) requestAnimationFrame(() => (list.scrollTop = list.scrollHeight));
}

/** Shows a reply's final state (complete or stopped) with its stored text. */
export function settleReply(list: HTMLElement, reply: AssistantMessage): void {
  const entry = findEntry(list, reply.id);
  if (!entry) return;
  settleInspector(entry, reply);
}

function emptyThread(): HTMLElement {
  const entry = document.createElement('li');
  entry.className = 'entry empty';
  entry.textContent =
    'No messages yet. Write below: @ for files, resources and datasets, / for commands; paste or drop files.';
  return entry;
}

function findEntry(list: HTMLElement, messageId: string): HTMLElement | null {
  return list.querySelector<HTMLElement>(`li[data-message-id="${CSS.escape(messageId)}"]`);
}

function userEntry(message: UserEntry, versions: MessageVersions | undefined): HTMLElement {
  const entry = document.createElement('li');
  entry.className = 'entry user';
  entry.dataset.messageId = message.id;
  entry.append(userMessage(message));
  if (versions) entry.append(versionPicker(versions));
  return entry;
}

function replyEntry(reply: AssistantMessage, original: ThreadMessage | undefined): HTMLElement {
  const entry = document.createElement('li');
  entry.className = 'entry assistant';
  entry.dataset.messageId = reply.id;
  entry.append(inspectorOf(reply, original?.role === 'user' ? original : undefined));
  return entry;
}

function userMessage(message: UserEntry): T3UserMessage {
  const element = document.createElement('t3-user-message');
  // Edit and resend: the message fires `t3-edit`, which branches.ts sends as a new version.
  element.setAttribute('editable', '');
  // A coding assistant's users write code, not formatted prose: plain text keeps `__init__`,
  // `*args` and `# comment` exactly as typed, where Markdown would turn them into emphasis and headings.
  element.format = 'text';
  const { images, files } = messageFiles(message);
  element.images = images;
  element.files = files;
  if (message.context || message.inputAnnotations.length === 0 || !message.prompt) {
    element.text = message.text;
    element.context = message.context;
  } else {
    element.content = message.prompt;
    element.inputAnnotations = message.inputAnnotations;
  }
  return element;
}

/**
 * Scrolls to the newest message after every message and chip in the list has rendered: before
 * that, the list is shorter than it will be and the scroll lands mid-transcript.
 */
async function scrollToNewest(list: HTMLElement): Promise<void> {
  const messages = [...list.querySelectorAll<T3UserMessage>('t3-user-message')];
  await Promise.all(messages.map((message) => message.updateComplete));
  const chips = messages.flatMap((message) => [
    ...(message.shadowRoot?.querySelectorAll<HTMLElement & { updateComplete?: Promise<unknown> }>('t3-context-chip') ??
      []),
  ]);
  await Promise.all(chips.map((chip) => chip.updateComplete));
  await settleAtEnd(list);
}
