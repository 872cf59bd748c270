import { html, nothing, type TemplateResult } from 'lit';
import type { ResolvedConfig } from '../shared/config.js';
import { formatBytes } from '../shared/format-bytes.js';
import { renderKindIcon } from '../shared/icons.js';
import type { MessageFile, MessageImage } from './message-model.js';

/** The images and the unreferenced files sent with a message, below its text. */
export function renderImages(images: readonly MessageImage[]): TemplateResult {
  return html`<div part="images" class="images">
    ${images.map(
      (image) =>
        html`<img part="image" src=${image.src} alt=${image.name ?? ''} title=${image.name ?? nothing} loading="lazy" decoding="async" />`,
    )}
  </div>`;
}

export function renderFiles(files: readonly MessageFile[], icons: ResolvedConfig['icons']): TemplateResult {
  return html`<ul part="files" class="files">
    ${files.map((file) => {
      const name = file.href
        ? html`<a href=${file.href} target="_blank" rel="noopener noreferrer" download=${file.name}>${file.name}</a>`
        : file.name;
      const meta = [file.mimeType, file.sizeBytes === undefined ? '' : formatBytes(file.sizeBytes)]
        .filter(Boolean)
        .join(' · ');
      return html`<li part="file" class="file">
        <span class="file-icon">${renderKindIcon('file', icons)}</span>
        <span class="file-name">${name}</span>
        ${meta ? html`<span class="file-meta">${meta}</span>` : nothing}
      </li>`;
    })}
  </ul>`;
}
