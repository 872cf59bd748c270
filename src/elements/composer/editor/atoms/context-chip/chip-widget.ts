import { type EditorView, WidgetType } from '@codemirror/view';
import type { ContextRecord } from '../../../../../core/index.js';
import type { T3ContextChip } from '../../../../context-chip/context-chip.js';
import type { TextPreview } from '../../../../shared/composer-values.js';
import type { ChipAvailability, UploadStatus } from '../../state/draft-state.js';

/** What one chip shows; also what readers of the draft learn about a chip without re-parsing the text. */
export interface ChipSpec {
  kind: string;
  contextId: string;
  label: string;
  record: ContextRecord | undefined;
  availability: ChipAvailability | undefined;
  removable: boolean;
  /** What the details show of a pasted text file's content. */
  preview: TextPreview | undefined;
  /** Its file's upload, while it runs or after it failed. */
  upload: UploadStatus | undefined;
}

/** The widget whose chip an element currently shows. */
const shownBy = new WeakMap<Element, ChipWidget>();

/** A `t3-context` link shown as one `<t3-context-chip>`; the editor treats it as a single character. */
export class ChipWidget extends WidgetType {
  /**
   * The element this widget drew. CodeMirror draws a widget that starts right where an edit ends
   * (typing just before a chip) again, by calling `toDOM` on the very same widget; handing back
   * the element already on screen keeps the chip instead of building a new one on every key.
   * Weak, so a chip scrolled out of the viewport can still be collected.
   */
  private element?: WeakRef<T3ContextChip>;
  /** `toDOM` handed the element out again: the tile it came from may still hold it for a moment. */
  private redrawn = false;

  constructor(readonly chip: ChipSpec) {
    super();
  }

  override eq(other: ChipWidget): boolean {
    const a = this.chip;
    const b = other.chip;
    return (
      a.kind === b.kind &&
      a.contextId === b.contextId &&
      a.label === b.label &&
      a.record === b.record &&
      a.availability === b.availability &&
      a.removable === b.removable &&
      a.preview === b.preview &&
      a.upload?.state === b.upload?.state &&
      uploadFraction(a.upload) === uploadFraction(b.upload)
    );
  }

  override toDOM(): HTMLElement {
    const drawn = this.element?.deref();
    if (drawn && shownBy.get(drawn) === this) {
      this.redrawn = true;
      return drawn;
    }
    return this.claim(document.createElement('t3-context-chip'));
  }

  /** Shows this chip in an element another chip widget drew, unless that widget may still show it. */
  override updateDOM(dom: HTMLElement, _view: EditorView, from: this): boolean {
    if (dom.localName !== 't3-context-chip' || from.redrawn) return false;
    this.claim(dom as T3ContextChip);
    return true;
  }

  private claim(element: T3ContextChip): T3ContextChip {
    const { kind, contextId, label, record, availability, removable, preview, upload } = this.chip;
    element.kind = kind;
    element.contextId = contextId;
    element.label = label;
    element.record = availability === 'failed' ? undefined : record;
    element.placement = 'composer';
    element.removable = removable;
    element.pending = availability === 'pending';
    element.notInEnvironment = availability === 'not-in-environment';
    element.textPreview = preview;
    element.uploadProgress = uploadFraction(upload);
    element.uploadFailed = upload?.state === 'failed';
    element.setAttribute('contenteditable', 'false');
    shownBy.set(element, this);
    this.element = new WeakRef(element);
    return element;
  }

  /**
   * The editor handles a press on the chip body, so a click or double-click puts the caret beside
   * the chip (or selects it whole) instead of letting the browser put a selection inside the chip's
   * shadow tree, where the next key would land at the start of the draft. The remove and expand
   * buttons and the chip's own keys and clicks stay the chip's.
   */
  override ignoreEvent(event: Event): boolean {
    if (event.type === 'mousedown') return isOnRemoveButton(event);
    return event.type !== 'dragstart';
  }
}

function uploadFraction(upload: UploadStatus | undefined): number | undefined {
  return upload?.state === 'uploading' ? upload.fraction : undefined;
}

function isOnRemoveButton(event: Event): boolean {
  // Expand to text in a pasted-text chip's details is the chip's too (the clipboard controller acts on it), and Retry.
  return event
    .composedPath()
    .some(
      (target) =>
        target instanceof Element &&
        target.matches('[part~="remove-button"], [part~="expand"], [part~="retry-button"]'),
    );
}
