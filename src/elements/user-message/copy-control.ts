import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ContextRecord } from '../../core/index.js';
import type { T3Locale } from '../shared/locale.js';
import { checkIcon, copyIcon } from './copy-icons.js';
import {
  type ClipboardPayload,
  copyWithClipboardApi,
  copyWithCommand,
  selectionRangeIn,
  serializeSelection,
  writeClipboardPayload,
} from './message-clipboard.js';
import { draggedPayload } from './message-drag.js';

const COPIED_FEEDBACK_MS = 1500;

export interface CopyControlOptions {
  /** The whole message with the records its chips refer to, or undefined before it is drawn. */
  message(): ClipboardPayload | undefined;
  /** Every record of the message (a selection copy takes those of the chips it holds). */
  records(): readonly ContextRecord[];
  environmentId(): string | undefined;
  locale(): T3Locale;
}

/**
 * A message's copy control (the whole message, chips as canonical links with their records, then
 * a moment of "Copied"), its selection copy (each fully selected chip as its link), and what a
 * drag of a chip or a selection carries, which is that copy.
 */
export class CopyControl implements ReactiveController {
  private copied = false;
  private copiedTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: CopyControlOptions,
  ) {
    host.addController(this);
    host.addEventListener('copy', (event) => this.onCopySelection(event));
    host.addEventListener('dragstart', (event) => this.onDragStart(event));
  }

  hostDisconnected(): void {
    clearTimeout(this.copiedTimer);
    this.setCopied(false);
  }

  render(): TemplateResult {
    const locale = this.options.locale();
    return html`<button
        part="copy"
        class="corner-control copy"
        type="button"
        data-copy-skip
        aria-label=${locale.copy}
        title=${this.copied ? locale.copied : locale.copy}
        @click=${this.onCopyClick}
      >${this.copied ? checkIcon : copyIcon}</button
      ><span class="visually-hidden" role="status" data-copy-skip>${this.copied ? locale.copied : ''}</span>`;
  }

  private readonly onCopyClick = async (): Promise<void> => {
    const payload = this.options.message();
    if (!payload) return;
    const environmentId = this.options.environmentId();
    const copied = copyWithCommand(payload, environmentId) || (await copyWithClipboardApi(payload, environmentId));
    if (!copied) return;
    this.setCopied(true);
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => this.setCopied(false), COPIED_FEEDBACK_MS);
  };

  private setCopied(copied: boolean): void {
    if (this.copied === copied) return;
    this.copied = copied;
    this.host.requestUpdate();
  }

  /** A selection copy: rendered text with each fully selected chip as its canonical link, plus their records. */
  private onCopySelection(event: ClipboardEvent): void {
    const root = this.host.shadowRoot;
    if (!root || !event.clipboardData || event.defaultPrevented) return;
    const range = selectionRangeIn(root);
    if (!range) return;
    // A citation chip has no record, but its link is what a copy must carry.
    const { text, chipIds, chips } = serializeSelection(range, root);
    if (chips === 0) return;
    const wanted = new Set(chipIds);
    const records = this.options.records().filter((record) => wanted.has(record.contextId));
    event.preventDefault();
    writeClipboardPayload(event.clipboardData, { text, records }, this.options.environmentId());
  }

  private onDragStart(event: DragEvent): void {
    const root = this.host.shadowRoot;
    const data = event.dataTransfer;
    if (!root || !data || event.defaultPrevented) return;
    const payload = draggedPayload(event, root, this.options.records());
    if (!payload) return;
    data.clearData();
    writeClipboardPayload(data, payload, this.options.environmentId());
    data.effectAllowed = 'copy';
  }
}
