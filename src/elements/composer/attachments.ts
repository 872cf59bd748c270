import { type FileContextRecord, type ImageContextRecord, toKindScopedContextId } from '../../core/index.js';
import type { TextPreview } from '../context-chip/text-preview.js';

/** A file the draft carries: pasted, dropped, attached or re-fetched for a pasted chip. */
export interface DraftAttachment {
  contextId: string;
  attachmentId: string;
  kind: 'image' | 'file';
  file: File;
  /** For a long paste turned into a text file: its line count and first lines, shown in the chip's details. */
  preview?: TextPreview;
}

export type { AttachmentRemoveDetail, SubmittedAttachment } from '../shared/events.js';

/** A fresh local attachment id: 24 hex characters, valid in the id grammar. */
export function newLocalId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

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
