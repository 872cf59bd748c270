import {
  type ContextRecord,
  type FileContextRecord,
  formatContextReference,
  type ImageContextRecord,
  toKindScopedContextId,
} from '../../../core/index.js';
import type { DraftAttachment, TextPreview } from '../../shared/composer-values.js';
import { newLocalId } from '../editor/state/local-ids.js';

export type { DraftAttachment };

function attachmentKind(mimeType: string): 'image' | 'file' {
  return /^image\//i.test(mimeType) ? 'image' : 'file';
}

/** The record of a local file: `image_<id>` or `file_<id>`, bound to attachment `<id>`. */
export function recordForFile(file: File, localId: string): ImageContextRecord | FileContextRecord {
  const kind = attachmentKind(file.type);
  const name = file.name.trim().slice(0, 255) || (kind === 'image' ? 'pasted image' : 'pasted file');
  return {
    version: 1,
    kind,
    contextId: toKindScopedContextId(kind, localId),
    label: name.slice(0, 200),
    attachmentId: localId,
    name,
    mimeType: (file.type || 'application/octet-stream').slice(0, 100),
    sizeBytes: file.size,
  };
}

/** Records, attachments and links for files joining the draft, each under a fresh local id, with its preview if any. */
export function filesToAttach(
  files: readonly File[],
  previews?: ReadonlyMap<File, TextPreview>,
): {
  records: ContextRecord[];
  attachments: DraftAttachment[];
  links: string;
} {
  const records: ContextRecord[] = [];
  const attachments: DraftAttachment[] = [];
  for (const file of files) {
    const localId = newLocalId();
    const record = recordForFile(file, localId);
    records.push(record);
    const preview = previews?.get(file);
    attachments.push({
      contextId: record.contextId,
      attachmentId: localId,
      kind: record.kind,
      file,
      ...(preview && { preview }),
    });
  }
  return { records, attachments, links: records.map((record) => formatContextReference(record)).join(' ') };
}
