import { type ContextRecord, decodeContextRecord } from '../../core/index.js';

/** What a host-kind chip is made of: a mention provider's tag, or a sent message's reference annotation. */
export interface HostKindChip {
  kind: string;
  contextId: string;
  label: string;
  /** Its model-facing text, kept in `payload.serialized`. */
  serialized: string;
  value?: unknown;
  metadata?: unknown;
}

/**
 * The unknown-kind record of a host-kind chip, with `value` and `metadata` kept in its payload
 * when given, so it survives the wire and the projection; `null` when it does not decode.
 */
export function hostKindRecord({
  kind,
  contextId,
  label,
  serialized,
  value,
  metadata,
}: HostKindChip): ContextRecord | null {
  const payload: Record<string, unknown> = { serialized };
  if (value !== undefined) payload.value = value;
  if (metadata !== undefined) payload.metadata = metadata;
  const decoded = decodeContextRecord({ version: 1, kind, contextId, label: label.slice(0, 200), payload });
  return decoded.ok ? decoded.record : null;
}
