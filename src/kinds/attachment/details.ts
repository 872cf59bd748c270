import { html } from 'lit';
import type { AttachmentContextFields } from '../../core/index.js';
import { formatBytes } from '../../elements/shared/format-bytes.js';
import type { KindDetails } from '../details-parts.js';

export const attachmentDetails: KindDetails<AttachmentContextFields> = (record) =>
  html`<div class="title">${record.name}</div>
    <div class="meta">${record.mimeType} · ${formatBytes(record.sizeBytes)}</div>`;
