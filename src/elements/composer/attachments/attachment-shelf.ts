import { isolateHistory } from '@codemirror/commands';
import type { EditorState } from '@codemirror/state';
import { html, nothing, type TemplateResult } from 'lit';
import { emit } from '../../shared/events.js';
import { formatMessage } from '../../shared/locale.js';
import type { DraftAttachment } from './attachments.js';
import { chipsOf, type PlacedChip } from '../editor/atoms/context-chip/chip-atom.js';
import { chipRemovals } from '../editor/atoms/context-chip/chip-edits.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { liveAttachments } from '../editor/state/draft-codec.js';
import { attachmentsField, dropAttachments, recordsField, uploadStatusField } from '../editor/state/draft-state.js';
import { imageSource, revokeObjectUrl } from './thumbnail-source.js';
import { thumbnailUpload } from './thumbnail-upload.js';

/**
 * The shelf of image thumbnails, over the draft's attachments in the editor state. Removing a
 * thumbnail takes the image's chips with it, and the chips of preview annotations whose screenshot
 * it is, in one undoable step; when such chips exist it asks first, in the shelf. Files and images
 * that leave the draft fire `t3-attachment-remove`.
 */
export class AttachmentShelf {
  private confirming?: string;

  constructor(
    private readonly context: ComposerContext,
    private readonly parts: { retry(contextId: string): void },
  ) {}

  /**
   * After a change of the draft: `t3-attachment-remove` for each file or image that left it, and
   * no question left about an image whose chips are gone. Cheap unless attachments or their chips changed.
   */
  followDraft(startState: EditorState, state: EditorState, changedChips: readonly PlacedChip[]): void {
    const before = startState.field(attachmentsField);
    const after = state.field(attachmentsField);
    if (changedChips.length === 0 && before === after) return;
    if (before !== after || changedChips.some((chip) => before.has(chip.contextId)))
      this.notifyRemoved(liveAttachments(startState), liveAttachments(state));
    if (this.confirming && referencesOf(state, this.confirming).length === 0) this.setConfirming(undefined);
    if (before !== after) this.context.host.requestUpdate();
  }

  /**
   * The draft was replaced: files and images it no longer has are released, with `t3-attachment-remove` when
   * `announce`.
   */
  draftReplaced(startState: EditorState, state: EditorState, announce: boolean): void {
    const kept = new Set(liveAttachments(state).map((attachment) => attachment.file));
    const gone = liveAttachments(startState).filter((attachment) => !kept.has(attachment.file));
    for (const attachment of gone) {
      revokeObjectUrl(attachment);
      if (announce) emitRemoved(this.context.host, attachment);
    }
    this.setConfirming(undefined);
  }

  render(state: EditorState): TemplateResult | typeof nothing {
    const images = [...state.field(attachmentsField).values()].filter((attachment) => attachment.kind === 'image');
    if (images.length === 0) return nothing;
    const locale = this.context.config.locale;
    const locked = this.context.disabled || this.context.host.readonly;
    const confirming = images.find((image) => image.contextId === this.confirming);
    const uploads = state.field(uploadStatusField);
    return html`<div part="attachments" class="attachments">
      ${images.map(
        (image) => html`<figure
          part="attachment"
          class="attachment"
          data-context-id=${image.contextId}
          ?data-upload-failed=${uploads.get(image.contextId)?.state === 'failed'}
        >
          <img src=${imageSource(image)} alt=${image.file.name} />
          ${thumbnailUpload(image.file.name, uploads.get(image.contextId), locale, () => this.parts.retry(image.contextId))}
          <button
            type="button"
            class="remove-attachment"
            ?disabled=${locked}
            aria-label=${formatMessage(locale.remove, { label: image.file.name })}
            @click=${() => this.requestImageRemoval(image.contextId)}
          >×</button>
        </figure>`,
      )}
      ${
        confirming
          ? html`<div class="confirm" role="alertdialog" aria-label=${locale.confirmRemoveImage} @keydown=${this.onConfirmKeyDown}>
            <span>${locale.confirmRemoveImage}</span>
            <button type="button" class="confirm-remove" ?disabled=${locked} @click=${() => this.removeImage(confirming.contextId)}>
              ${locale.confirmRemove}
            </button>
            <button type="button" class="confirm-keep" @click=${() => this.keepImage()}>${locale.confirmKeep}</button>
          </div>`
          : nothing
      }
    </div>`;
  }

  /** Asks first when the image still has chips; the question takes the focus, on its safe answer. */
  private requestImageRemoval(contextId: string): void {
    if (referencesOf(this.context.state, contextId).length === 0) {
      this.removeImage(contextId);
      return;
    }
    this.setConfirming(contextId);
    void this.context.host.updateComplete.then(() => this.part<HTMLButtonElement>('.confirm-keep')?.focus());
  }

  /** Keeps the image and gives the focus back to its remove button. */
  private keepImage(): void {
    const contextId = this.confirming;
    this.setConfirming(undefined);
    void this.context.host.updateComplete.then(() =>
      this.part<HTMLButtonElement>(
        `.attachment[data-context-id="${CSS.escape(contextId ?? '')}"] .remove-attachment`,
      )?.focus(),
    );
  }

  private readonly onConfirmKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    this.keepImage();
  };

  private part<T extends HTMLElement>(selector: string): T | null {
    return this.context.host.shadowRoot?.querySelector<T>(selector) ?? null;
  }

  /** Removes the image, its chips and the preview chips that point at it, as one undo step. */
  private removeImage(contextId: string): void {
    const answered = this.confirming === contextId;
    this.setConfirming(undefined);
    if (answered) this.context.host.focus();
    const state = this.context.state;
    if (!state.field(attachmentsField).has(contextId)) return;
    const references = new Set(referencesOf(state, contextId));
    this.context.dispatch({
      changes: chipRemovals(state, (chip) => references.has(chip.contextId), true),
      effects: dropAttachments.of([contextId]),
      userEvent: 'delete.attachment',
      annotations: isolateHistory.of('full'),
    });
  }

  private notifyRemoved(before: readonly DraftAttachment[], after: readonly DraftAttachment[]): void {
    const kept = new Set(after.map((attachment) => attachment.contextId));
    for (const attachment of before) {
      if (kept.has(attachment.contextId)) continue;
      revokeObjectUrl(attachment);
      emitRemoved(this.context.host, attachment);
    }
  }

  private setConfirming(contextId: string | undefined): void {
    if (this.confirming === contextId) return;
    this.confirming = contextId;
    this.context.host.requestUpdate();
  }
}

/** The context ids of chips that refer to an image: its own, and preview annotations whose screenshot it is. */
function referencesOf(state: EditorState, imageId: string): string[] {
  const ids = [imageId];
  for (const record of state.field(recordsField).values())
    if (record.kind === 'preview-annotation' && record.screenshotContextId === imageId) ids.push(record.contextId);
  const present = new Set(chipsOf(state).map((chip) => chip.contextId));
  return ids.filter((id) => present.has(id));
}

function emitRemoved(host: HTMLElement, attachment: DraftAttachment): void {
  const { contextId, attachmentId, kind } = attachment;
  emit(host, 't3-attachment-remove', { contextId, attachmentId, kind });
}
