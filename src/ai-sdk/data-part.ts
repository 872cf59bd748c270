import type { UIMessage } from 'ai';
import type { CommandArgumentValue, InputAnnotation, MessageContext } from '../core/entry.js';

/**
 * The one data part a composer's message carries in the AI SDK's `UIMessage`: what a
 * `<t3-user-message>` needs beside the text part to show the chips again, and what a route handler
 * needs to project the message for the model.
 */

/** The part's `type`: the AI SDK names data parts `data-<name>`. */
export const T3_CONTEXT_PART = 'data-t3-context';

/** How a submission went out (the composer's `t3-submit` `delivery`). */
export type T3Delivery = 'new' | 'queued' | 'steer';

/** The picked slash command, as its annotation names it: what a route handler dispatches on. */
export interface T3CommandData {
  name: string;
  subcommandPath?: string[];
  arguments?: CommandArgumentValue[];
}

/** The `data` of the `data-t3-context` part. */
export interface T3ContextData {
  /** The referenced records, in first-reference order (`records` is empty for a message without chips). */
  context: MessageContext;
  /** The model-facing prompt the annotations index into; present with `inputAnnotations`. */
  prompt?: string;
  /** UTF-16 ranges of `prompt` marking its chips and command; left out when there are none. */
  inputAnnotations?: InputAnnotation[];
  command?: T3CommandData;
  delivery: T3Delivery;
}

/** The data parts of a t3-composer message, for `UIMessage`'s second type parameter. */
export type T3DataParts = { 't3-context': T3ContextData };

/** A `UIMessage` that may carry the `data-t3-context` part; any `UIMessage` is accepted where one is read. */
export type T3UIMessage<METADATA = unknown> = UIMessage<METADATA, T3DataParts>;

/** One part of a message, read as untrusted data: only what a part is known to be is trusted. */
type LoosePart = { type?: unknown; text?: unknown; data?: unknown };

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The parts of a message as an array (empty for anything else). */
export function partsOf(message: unknown): readonly unknown[] {
  const parts = isObject(message) ? message.parts : undefined;
  return Array.isArray(parts) ? parts : [];
}

export function isTextPart(part: unknown): part is { type: 'text'; text: string } {
  return isObject(part) && (part as LoosePart).type === 'text' && typeof (part as LoosePart).text === 'string';
}

export function isContextPart(part: unknown): part is { type: typeof T3_CONTEXT_PART; data?: unknown } {
  return isObject(part) && (part as LoosePart).type === T3_CONTEXT_PART;
}

/**
 * The message's text: its text parts in order, joined by a blank line (a composer's message has
 * exactly one). What is rendered and what is projected for the model are this same text.
 */
export function messageText(parts: readonly unknown[]): string {
  return parts
    .filter(isTextPart)
    .map((part) => part.text)
    .join('\n\n');
}

/** The `data` of the first `data-t3-context` part when it is an object; a later one never overrides it. */
export function contextData(parts: readonly unknown[]): Record<string, unknown> | undefined {
  const part = parts.find(isContextPart);
  return part && isObject(part.data) ? part.data : undefined;
}
