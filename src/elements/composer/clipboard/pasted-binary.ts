import type { ContextRecord } from '../../../core/index.js';
import type { DraftAttachment } from '../../shared/draft-values.js';

/**
 * The file a pasted image or file chip holds once `resolveAsset` has fetched its bytes. Without an
 * uploader it is a new file of the draft, under the fresh id the paste gave it. With one
 * (`uploads`), the host that answered `resolveAsset` for the pasted record's attachment id has
 * that file already: it stays the host's under that id (its record's too), as an upload that has
 * finished, so it is not uploaded a second time. The bytes still come, for its thumbnail and its
 * Expand to text.
 */
export function pastedBinary(
  record: ContextRecord & { attachmentId: string },
  sourceAttachmentId: string,
  blob: Blob,
  uploads: boolean,
): { attachment: DraftAttachment; record: ContextRecord } {
  const name = 'name' in record && typeof record.name === 'string' ? record.name : record.label;
  const file = new File([blob], name, { type: blob.type || ('mimeType' in record ? String(record.mimeType) : '') });
  const kind = record.kind === 'image' ? 'image' : 'file';
  const { contextId } = record;
  if (!uploads) return { attachment: { contextId, attachmentId: record.attachmentId, kind, file }, record };
  return {
    attachment: { contextId, attachmentId: sourceAttachmentId, kind, file, uploaded: true },
    record: { ...record, attachmentId: sourceAttachmentId } as ContextRecord,
  };
}
