import { resolveStoredContext } from './legacy/resolve-stored.js';
import { upgradeLegacyMessage } from './legacy/upgrade.js';
import type { ContextRecord } from './types.js';

export interface ResolveMessageContextInput {
  text: string;
  /** The message's stored `context`; missing or `null` for a message written by a legacy client. */
  context?: unknown;
}

export interface ResolvedMessageContext {
  text: string;
  records: ContextRecord[];
}

/**
 * The text and records to render for a stored user message. A structured `context` is decoded and
 * used as-is (records that do not decode are dropped; a context that fails as a whole gives no
 * records, so chips show unresolved and the text stays intact). A message without one is a legacy
 * message: its text is upgraded in memory. Stored history is never rewritten. Never throws.
 */
export function resolveMessageContext(input: ResolveMessageContextInput): ResolvedMessageContext {
  const text = typeof input?.text === 'string' ? input.text : '';
  const resolved = resolveStoredContext(text, input?.context, () => upgradeLegacyMessage);
  return { text: resolved.text, records: resolved.records };
}
