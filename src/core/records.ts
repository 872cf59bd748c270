/**
 * Decoding of v1 context records and message contexts: the public names of the record schema's
 * decoders (`./record-schema.ts` keeps its readers to itself).
 */
export {
  decodeContextRecord,
  decodeContextRecordList,
  decodeMessageContext,
  type ContextRecordDecodeResult,
  type DroppedContextRecord,
  type MessageContextDecodeResult,
} from './record-schema.js';
