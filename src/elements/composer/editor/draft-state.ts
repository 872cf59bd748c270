import { StateEffect, StateField } from '@codemirror/state';
import type { ContextRecord } from '../../../core/index.js';

/**
 * The records a draft knows, by context id. Kept beside the document rather than pruned on every
 * edit, so that undoing the deletion of a chip brings it back with its record; readers ask for the
 * records the text still references.
 */
export const putRecords = StateEffect.define<readonly ContextRecord[]>();
export const replaceRecords = StateEffect.define<readonly ContextRecord[]>();

export const recordsField = StateField.define<ReadonlyMap<string, ContextRecord>>({
  create: () => new Map(),
  update(records, transaction) {
    let next = records;
    for (const effect of transaction.effects) {
      if (effect.is(replaceRecords)) next = new Map(effect.value.map((record) => [record.contextId, record]));
      else if (effect.is(putRecords)) {
        if (next === records) next = new Map(records);
        for (const record of effect.value) (next as Map<string, ContextRecord>).set(record.contextId, record);
      }
    }
    return next;
  },
});

/** A chip whose bytes are being fetched, came from another environment, or could not be fetched. */
export type ChipAvailability = 'pending' | 'not-in-environment' | 'failed';

export const setAvailability = StateEffect.define<{ contextId: string; availability: ChipAvailability | undefined }>();

export const availabilityField = StateField.define<ReadonlyMap<string, ChipAvailability>>({
  create: () => new Map(),
  update(value, transaction) {
    let next = value;
    for (const effect of transaction.effects) {
      if (effect.is(replaceRecords)) next = new Map();
      if (!effect.is(setAvailability)) continue;
      if (next === value) next = new Map(value);
      const { contextId, availability } = effect.value;
      if (availability) (next as Map<string, ChipAvailability>).set(contextId, availability);
      else (next as Map<string, ChipAvailability>).delete(contextId);
    }
    return next;
  },
});
