import { type ContextRecord, decodeMessageContext } from '../../core/index.js';
import { hasLegacyContextMarkers } from '../../core/legacy/markers.js';
import type { LegacyUpgrade } from './on-demand.js';

/**
 * The text and records of a stored message, as `resolveMessageContext` gives them, with the legacy
 * upgrade passed in so that it can load on demand: a structured context is decoded (records that
 * do not decode are dropped); text without one is upgraded only when it has legacy blocks, once
 * `upgrade()` has the upgrade (`pending` while it is `'loading'`; as it is when it is `undefined`).
 */
export function resolveStoredMessage(
  text: string,
  context: unknown,
  upgrade: () => LegacyUpgrade | 'loading' | undefined,
): { text: string; records: ContextRecord[]; pending?: true } {
  if (context != null) {
    const decoded = decodeMessageContext(context);
    return { text, records: decoded.ok ? decoded.context.records : [] };
  }
  if (!hasLegacyContextMarkers(text)) return { text, records: [] };
  const upgraded = upgrade();
  if (upgraded === 'loading') return { text, records: [], pending: true };
  return upgraded ? upgraded(text) : { text, records: [] };
}
