import type { FileUIPart } from 'ai';
import {
  type InputAnnotation,
  type InputCommandAnnotation,
  type MessageContext,
  sanitizeInputAnnotations,
} from '../core/entry.js';
import {
  isObject,
  T3_CONTEXT_PART,
  type T3CommandData,
  type T3ContextData,
  type T3Delivery,
  type T3UIMessage,
} from './data-part.js';

/**
 * What `toUIMessage` reads of a submission: core's `Submission` (from `buildSubmission`) or the
 * composer's `t3-submit` detail, which adds `delivery` (its files and `waitUntil` are not read).
 */
export interface T3SubmissionInput {
  text: string;
  context?: MessageContext;
  prompt?: string;
  inputAnnotations?: readonly InputAnnotation[];
  delivery?: T3Delivery;
}

/** A file the host has uploaded (or turned into a data URL), as the AI SDK's `file` part carries it. */
export interface T3UIMessageFile {
  mediaType: string;
  filename?: string;
  url: string;
}

export interface ToUIMessageOptions {
  /** The message's id; a random one when left out. */
  id?: string;
  /**
   * The submission's attachments after upload, one `file` part each (an entry without a string
   * `url` or `mediaType` is left out).
   */
  files?: readonly T3UIMessageFile[];
}

/**
 * The AI SDK's `UIMessage` for a submission, to send with `useChat`'s `sendMessage`: role `user`;
 * a `text` part with the canonical text (chips as `t3-context` links); one `data-t3-context` part
 * with the referenced records (`context`, with empty `records` when there are none), the prompt and
 * its input annotations when there are any, the picked command and the `delivery`; then one `file`
 * part per file in `options.files`.
 */
export function toUIMessage(submission: T3SubmissionInput, options: ToUIMessageOptions = {}): T3UIMessage {
  const text = typeof submission.text === 'string' ? submission.text : '';
  const records = submission.context?.records;
  const data: T3ContextData = {
    context: { version: 1, records: Array.isArray(records) ? [...records] : [] },
    delivery: submission.delivery ?? 'new',
  };
  const prompt = typeof submission.prompt === 'string' ? submission.prompt : undefined;
  const annotations = prompt === undefined ? [] : sanitizeInputAnnotations(prompt, submission.inputAnnotations);
  if (prompt !== undefined && annotations.length > 0) {
    data.prompt = prompt;
    data.inputAnnotations = annotations;
    const command = commandData(annotations);
    if (command) data.command = command;
  }
  return {
    id: typeof options.id === 'string' && options.id !== '' ? options.id : newMessageId(),
    role: 'user',
    parts: [{ type: 'text', text }, { type: T3_CONTEXT_PART, data }, ...fileParts(options.files)],
  };
}

function commandData(annotations: readonly InputAnnotation[]): T3CommandData | undefined {
  const annotation = annotations.find((item): item is InputCommandAnnotation => item.type === 'command');
  if (!annotation) return undefined;
  const command: T3CommandData = { name: annotation.command.name };
  if (annotation.subcommandPath) command.subcommandPath = [...annotation.subcommandPath];
  if (annotation.arguments) command.arguments = annotation.arguments.map(({ name, value }) => ({ name, value }));
  return command;
}

function fileParts(files: unknown): FileUIPart[] {
  if (!Array.isArray(files)) return [];
  const parts: FileUIPart[] = [];
  for (const file of files as unknown[]) {
    if (!isObject(file) || typeof file.url !== 'string' || typeof file.mediaType !== 'string') continue;
    const part: FileUIPart = { type: 'file', mediaType: file.mediaType, url: file.url };
    if (typeof file.filename === 'string') part.filename = file.filename;
    parts.push(part);
  }
  return parts;
}

/** A random id for a message made without one (`msg_` and 24 hex digits). */
function newMessageId(): string {
  const bytes = new Uint8Array(12);
  const crypto = (globalThis as { crypto?: { getRandomValues?(array: Uint8Array): Uint8Array } }).crypto;
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let index = 0; index < bytes.length; index++) bytes[index] = Math.floor(Math.random() * 256);
  return `msg_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}
