import type { ContextRecord } from '../../../core/index.js';
import type { DraftAttachment } from '../../shared/composer-values.js';

/**
 * The file a pasted image or file chip holds once `resolveAsset` has fetched its bytes. Without an
 * uploader, or from another environment, it is a new file of the draft, under the fresh id the
 * paste gave it (an uploader then uploads it). When the host has it (`hostHasIt`: an uploader, and
 * a chip copied in this very environment), it stays the host's under its attachment id (its
 * record's too), as an upload that has finished, so it is not uploaded a second time. The bytes
 * still come, for its thumbnail and its Expand to text.
 */
export function pastedBinary(
  record: ContextRecord & { attachmentId: string },
  sourceAttachmentId: string,
  blob: Blob,
  hostHasIt: boolean,
): { attachment: DraftAttachment; record: ContextRecord } {
  const name = 'name' in record && typeof record.name === 'string' ? record.name : record.label;
  const file = new File([blob], name, { type: blob.type || ('mimeType' in record ? String(record.mimeType) : '') });
  const kind = record.kind === 'image' ? 'image' : 'file';
  const { contextId } = record;
  if (!hostHasIt) return { attachment: { contextId, attachmentId: record.attachmentId, kind, file }, record };
  return {
    attachment: { contextId, attachmentId: sourceAttachmentId, kind, file, uploaded: true },
    record: { ...record, attachmentId: sourceAttachmentId } as ContextRecord,
  };
}
