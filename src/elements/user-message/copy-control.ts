import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { ContextRecord } from '../../core/index.js';
import type { T3Locale } from '../shared/locale.js';
import { OnDemand } from '../shared/on-demand.js';
import { checkIcon, copyIcon } from './copy-icons.js';
import type { ClipboardPayload } from './message-clipboard.js';
import type * as MessageCopy from './message-copy.js';

const COPIED_FEEDBACK_MS = 1500;

/**
 * What copying and dragging out of a message take, a chunk of its own: most messages are never
 * copied. A copy or a drag must be answered at once, so the chunk loads on the first pointer, key
 * or focus inside a message; one that comes before it (a selection made from outside and copied)
 * is the browser's own plain-text copy, as for text without chips.
 */
const copyChunk = new OnDemand(() => import('./message-copy.js'));

/** Starts loading the copy code, as an interaction inside a message does. */
function loadCopyChunk(): Promise<unknown> {
  return copyChunk.load();
}

/** Without the copy code (its load failed), the copy control still copies the message's text. */
async function copyPlainText(text: string): Promise<boolean> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard) return false;
  return clipboard.writeText(text).then(
    () => true,
    () => false,
  );
}

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
    host.addEventListener('copy', (event) => this.withCopyCode((copy, source) => copy.copySelection(event, source)));
    host.addEventListener('dragstart', (event) => this.withCopyCode((copy, source) => copy.dragOut(event, source)));
    // A pointer reaches a message before it presses to select or drag: its copy code is there by then.
    for (const type of ['pointerover', 'pointerdown', 'keydown', 'focusin']) {
      host.addEventListener(type, loadCopyChunk, { once: true, passive: true });
    }
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
    // Loading since the pointer went down or the key that clicks it: a moment at most.
    const clipboard = await copyChunk.load();
    const copied = clipboard
      ? clipboard.copyWithCommand(payload, environmentId) ||
        (await clipboard.copyWithClipboardApi(payload, environmentId))
      : await copyPlainText(payload.text);
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

  /**
   * A selection copy or a drag, once the copy code is there (a drag's pointer down has loaded it);
   * before, the browser's own plain-text copy or drag.
   */
  private withCopyCode(act: (copy: typeof MessageCopy, source: MessageCopy.CopySource) => void): void {
    const copy = copyChunk.loaded;
    const root = this.host.shadowRoot;
    if (copy && root) act(copy, { root, records: this.options.records(), environmentId: this.options.environmentId() });
  }
}
