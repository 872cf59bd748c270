import { decodeMessageContext } from '../records.js';
import type { ContextRecord } from '../types.js';
import { hasLegacyContextMarkers } from './markers.js';
import type { LegacyUpgradeResult } from './upgrade.js';

/** The legacy upgrade, or `'loading'` while a page loads it on demand, or undefined without it. */
export type UpgradeSource = () => ((text: string) => LegacyUpgradeResult) | 'loading' | undefined;

/**
 * The text and records to render for a stored message: a structured `context` is decoded (records
 * that do not decode are dropped; a context that fails as a whole gives none, so chips show
 * unresolved and the text stays intact); text without one is upgraded only when it holds legacy
 * markers, so a page asks for the upgrade only then (`pending` while it loads). Apart from the
 * upgrade itself, so a message element can resolve before, or without, loading it.
 */
export function resolveStoredContext(
  text: string,
  context: unknown,
  upgrade: UpgradeSource,
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
