import type { EditorState } from '@codemirror/state';
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ContextRecord } from '../../core/index.js';
import type { ResolvedConfig } from '../shared/config.js';
import { emit } from '../shared/events.js';
import { formatMessage } from '../shared/locale.js';
import type { AttachmentRemoveDetail, DraftAttachment, SubmittedAttachment } from './attachments.js';
import type { ChipChanges } from './editor/chip-changes.js';
import { chipsOf } from './editor/chip-decorations.js';

/** What the attachment shelf needs from the composer. */
export interface AttachmentShelfDelegate {
  config(): ResolvedConfig;
  /** Whether the shelf's buttons are off: the composer is disabled or read-only. */
  locked(): boolean;
  /** Whether the draft has a chip for `contextId`. */
  hasChip(contextId: string): boolean;
  /** Removes every chip for `contextId`; tells whether there was one. */
  removeContext(contextId: string): boolean;
  fireInput(): void;
}

/**
 * The files and images a draft carries, and the shelf of image thumbnails. Removing a thumbnail
 * whose image still has chips asks for confirmation in the shelf. Files and images that leave the
 * draft fire `t3-attachment-remove` and are kept aside, so an undo that brings their chips back
 * brings them back too.
 */
export class AttachmentShelf {
  private list: readonly DraftAttachment[] = [];
  private confirming?: string;
  /** Files and images whose last chip went: kept so that undoing the deletion brings them back. */
  private readonly detached = new Map<string, DraftAttachment>();

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly delegate: AttachmentShelfDelegate,
  ) {}

  get isEmpty(): boolean {
    return this.list.length === 0;
  }

  get images(): readonly DraftAttachment[] {
    return this.list.filter((attachment) => attachment.kind === 'image');
  }

  add(attachments: readonly DraftAttachment[]): void {
    this.setList([...this.list, ...attachments]);
  }

  /** Drops, without `t3-attachment-remove`, every attachment whose record is not among `contextIds`. */
  retain(contextIds: ReadonlySet<string>): void {
    this.setList(this.list.filter((attachment) => contextIds.has(attachment.contextId)));
  }

  /** Removes every attachment, each with `t3-attachment-remove`. */
  removeAll(): void {
    for (const attachment of this.list) this.notifyRemoved(attachment);
    this.setList([]);
  }

  /** The submitted attachments belong to the host now: no `t3-attachment-remove` for them. */
  handOver(): void {
    for (const attachment of this.list) revokeObjectUrl(attachment);
    this.setList([]);
  }

  /** A new draft starts: nothing kept for undo, no removal awaiting confirmation. */
  reset(): void {
    this.detached.clear();
    this.setConfirming(undefined);
  }

  /** What `t3-submit` carries: every image, and the files the submitted records refer to. */
  submitted(records: readonly ContextRecord[]): SubmittedAttachment[] {
    const referenced = new Set(records.map((record) => record.contextId));
    return this.list
      .filter((attachment) => attachment.kind === 'image' || referenced.has(attachment.contextId))
      .map(({ contextId, attachmentId, file, kind }) => ({ contextId, attachmentId, file, kind }));
  }

  /**
   * Files exist only as chips: when the last chip of a file goes, the file goes (and
   * `t3-attachment-remove` fires). It is kept aside, so an undo that brings the chip back brings
   * the file back too; so is an image removed from the shelf.
   */
  followChips(state: EditorState, changes: ChipChanges): void {
    // The question is about chips that are gone now (an undo, a deletion): nothing left to ask.
    if (this.confirming && changes.removed.length > 0 && !this.delegate.hasChip(this.confirming))
      this.setConfirming(undefined);
    const removedIds = new Set(changes.removed.map((chip) => chip.contextId));
    const addedIds = new Set(changes.added.map((chip) => chip.contextId));
    const candidates = this.list.filter(
      (attachment) => attachment.kind === 'file' && removedIds.has(attachment.contextId),
    );
    const returning = [...this.detached.values()].filter((attachment) => addedIds.has(attachment.contextId));
    if (candidates.length === 0 && returning.length === 0) return;
    const referenced = new Set(chipsOf(state).map((chip) => chip.contextId));
    const gone = candidates.filter((attachment) => !referenced.has(attachment.contextId));
    for (const attachment of returning) this.detached.delete(attachment.contextId);
    this.setList([...this.list.filter((attachment) => !gone.includes(attachment)), ...returning]);
    for (const attachment of gone) {
      this.detached.set(attachment.contextId, attachment);
      this.notifyRemoved(attachment);
    }
  }

  render(): TemplateResult | typeof nothing {
    const images = this.images;
    if (images.length === 0) return nothing;
    const locale = this.delegate.config().locale;
    const locked = this.delegate.locked();
    const confirming = images.find((image) => image.contextId === this.confirming);
    return html`<div part="attachments" class="attachments">
      ${images.map(
        (image) => html`<figure part="attachment" class="attachment" data-context-id=${image.contextId}>
          <img src=${objectUrlFor(image)} alt=${image.file.name} />
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
    if (!this.delegate.hasChip(contextId)) {
      this.removeImage(contextId);
      return;
    }
    this.setConfirming(contextId);
    void this.host.updateComplete.then(() => this.part<HTMLButtonElement>('.confirm-keep')?.focus());
  }

  /** Keeps the image and gives the focus back to its remove button. */
  private keepImage(): void {
    const contextId = this.confirming;
    this.setConfirming(undefined);
    void this.host.updateComplete.then(() =>
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
    return this.host.shadowRoot?.querySelector<T>(selector) ?? null;
  }

  private removeImage(contextId: string): void {
    const answered = this.confirming === contextId;
    this.setConfirming(undefined);
    if (answered) this.host.focus();
    const attachment = this.list.find((candidate) => candidate.contextId === contextId);
    if (!attachment) return;
    this.setList(this.list.filter((candidate) => candidate !== attachment));
    const hadChips = this.delegate.removeContext(contextId);
    if (hadChips) this.detached.set(contextId, attachment);
    this.notifyRemoved(attachment);
    // Removing its chips already fired `input`; a thumbnail without chips still changed the draft.
    if (!hadChips) this.delegate.fireInput();
  }

  private notifyRemoved(attachment: DraftAttachment): void {
    revokeObjectUrl(attachment);
    const detail: AttachmentRemoveDetail = {
      contextId: attachment.contextId,
      attachmentId: attachment.attachmentId,
      kind: attachment.kind,
    };
    emit(this.host, 't3-attachment-remove', detail);
  }

  private setList(list: readonly DraftAttachment[]): void {
    this.list = list;
    this.host.requestUpdate();
  }

  private setConfirming(contextId: string | undefined): void {
    if (this.confirming === contextId) return;
    this.confirming = contextId;
    this.host.requestUpdate();
  }
}

const objectUrls = new WeakMap<File, string>();

function objectUrlFor(attachment: DraftAttachment): string {
  let url = objectUrls.get(attachment.file);
  if (!url) {
    url = URL.createObjectURL(attachment.file);
    objectUrls.set(attachment.file, url);
  }
  return url;
}

function revokeObjectUrl(attachment: DraftAttachment): void {
  const url = objectUrls.get(attachment.file);
  if (url) URL.revokeObjectURL(url);
  objectUrls.delete(attachment.file);
}
