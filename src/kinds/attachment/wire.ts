import { nonNegativeInt } from '../../core/record-fields.js';
import type { AttachmentContextFields } from '../../core/types.js';
import { NAME_MAX_CHARS, type KindDefinition } from '../../core/kinds/kind.js';

/** `image` and `file`: a binding to an attachment by id; records never carry bytes. */
export const attachmentKind: KindDefinition<'image' | 'file'> = {
  fields: ({ trimmed, contextId }) => ({
    attachmentId: contextId,
    name: trimmed(NAME_MAX_CHARS),
    mimeType: trimmed(100),
    sizeBytes: nonNegativeInt,
  }),
  providerBody: (record: AttachmentContextFields) =>
    `name: ${record.name}\nmimeType: ${record.mimeType}\nsizeBytes: ${record.sizeBytes}\nattachmentId: ${record.attachmentId}`,
};
