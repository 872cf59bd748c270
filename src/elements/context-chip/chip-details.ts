import { nothing, type TemplateResult } from 'lit';
import {
  type ContextRecord,
  decodeContextRecord,
  isKnownContextRecord,
  type KnownContextRecord,
} from '../../core/index.js';
import type { KindDetails } from '../../kinds/details-parts.js';
import { KIND_DETAILS } from '../../kinds/details.js';

/**
 * The details of a known record, as shown in a chip's tooltip or popover (what each kind shows is
 * in `src/kinds/<kind>/details.ts`); nothing for a value that is not a valid record.
 */
export function renderRecordDetails(
  record: KnownContextRecord,
  related: readonly ContextRecord[],
): TemplateResult | typeof nothing {
  const valid = validKnownRecord(record);
  const details = valid && (KIND_DETAILS[valid.kind] as KindDetails<KnownContextRecord> | undefined);
  return valid && details ? details(valid, related) : nothing;
}

const validatedRecords = new WeakMap<object, KnownContextRecord | null>();

/**
 * A chip's `record` is a public property a host may set to anything; it is decoded once per object
 * so that a malformed one renders no details instead of throwing.
 */
function validKnownRecord(record: unknown): KnownContextRecord | null {
  if (typeof record !== 'object' || record === null) return null;
  let valid = validatedRecords.get(record);
  if (valid === undefined) {
    const decoded = decodeContextRecord(record);
    valid = decoded.ok && isKnownContextRecord(decoded.record) ? decoded.record : null;
    validatedRecords.set(record, valid);
  }
  return valid;
}
