import { type EditorState, type Extension, Transaction, type TransactionSpec } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import {
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  type ContextRecord,
  decodeClipboardFragment,
  decodeClipboardHtml,
} from '../../../core/index.js';
import type { TextPreview } from '../../shared/composer-values.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { droppedInsertion } from '../editor/state/insertion.js';
import { newLocalId } from '../editor/state/local-ids.js';
import {
  availabilityField,
  draftToken,
  putAttachments,
  putRecords,
  recordsField,
  setAvailability,
} from '../editor/state/draft-state.js';
import { writeDraftRange } from './fragment-flavours.js';
import { planFragmentImport } from './fragment-import.js';
import { pastedBinary } from './pasted-binary.js';
import { expandPastedTextOnClick, isLongPaste, type LongPasteLimits, pastedTextFile } from './long-paste.js';
import { PlainPasteShortcut } from './plain-paste-shortcut.js';

/** What the clipboard needs besides the composer's context. */
export interface ClipboardParts {
  /** Adds pasted files as chips, at `at` or else at the caret. */
  addFiles(files: readonly File[], at?: number, previews?: ReadonlyMap<File, TextPreview>): void;
  /** Above how many lines or characters pasted plain text becomes a file. */
  longPasteLimits(): LongPasteLimits;
  /** Submits like Enter (a submit that waited for pasted files). */
  submit(): void;
}

/**
 * Copy, cut and paste (drops are `drops/`). Copying a selection with chips puts their records on the clipboard
 * (as JSON and as HTML); pasting them imports the records and fetches the bytes of pasted images
 * and files again through `resolveAsset`, marking their chips pending, or failed, or not in this
 * environment. A submit while fetches are pending waits for them. Long plain text becomes a text
 * file chip, unless pasted with Ctrl/Cmd+Shift+V.
 */
export class ComposerClipboard {
  /** The draft whose submit waits for its pending fetches. */
  private submitQueuedFor?: object;
  private readonly plainPaste = new PlainPasteShortcut();

  constructor(
    private readonly context: ComposerContext,
    private readonly parts: ClipboardParts,
  ) {}

  /** True while a submit of the current draft waits for pending fetches. */
  get isSubmitQueued(): boolean {
    return this.submitQueuedFor === this.context.state.field(draftToken);
  }

  /** While pasted files are still being fetched: says so, submits once they settle, and returns true. */
  deferSubmit(): boolean {
    const state = this.context.state;
    if (!hasPendingFetches(state)) return false;
    this.context.notices.show(this.context.config.locale.attachmentsPending);
    this.submitQueuedFor = state.field(draftToken);
    return true;
  }

  /** The submit that waits for pending fetches goes nowhere when they settle. */
  cancelDeferredSubmit(): void {
    this.submitQueuedFor = undefined;
  }

  extension(): Extension {
    return [
      EditorView.domEventHandlers({
        copy: (event, view) => this.onCopy(event, view, false),
        cut: (event, view) => this.onCopy(event, view, true),
        paste: (event, view) => this.onPaste(event, view),
        keydown: this.plainPaste.onKeyDown,
        keyup: this.plainPaste.release,
        blur: this.plainPaste.release,
      }),
      expandPastedTextOnClick(),
    ];
  }

  private onCopy(event: ClipboardEvent, view: EditorView, cut: boolean): boolean {
    const data = event.clipboardData;
    const selection = view.state.selection.main;
    if (!data || selection.empty) return false;
    event.preventDefault();
    writeDraftRange(data, view.state, selection, this.context.config.environmentId);
    if (cut && !view.state.readOnly) {
      view.dispatch({ changes: { from: selection.from, to: selection.to }, userEvent: 'delete.cut' });
    }
    return true;
  }

  private onPaste(event: ClipboardEvent, view: EditorView): boolean {
    const data = event.clipboardData;
    const asPlainText = this.plainPaste.takePlainPaste();
    if (!data || view.state.readOnly) return false;
    // Plain text is read here only for a fragment or, with a limit on, to spot a long paste; the rest is the editor's.
    const fragment =
      decodeClipboardFragment(data.getData(CONTEXT_CLIPBOARD_MIME)) ?? decodeClipboardHtml(data.getData('text/html'));
    const text = fragment ? data.getData('text/plain') : '';
    if (fragment && text) {
      event.preventDefault();
      this.importFragment(text, fragment);
      return true;
    }
    const files = [...data.files];
    if (files.length > 0) {
      event.preventDefault();
      this.parts.addFiles(files);
      return true;
    }
    return !asPlainText && this.pasteLongText(data, view, event);
  }

  /** Long plain text as a text file chip; false for any other, which the editor inserts as text. */
  private pasteLongText(data: DataTransfer, view: EditorView, event: ClipboardEvent): boolean {
    const limits = this.parts.longPasteLimits();
    if (limits.lines === 0 && limits.chars === 0) return false;
    const text = data.getData('text/plain');
    if (!isLongPaste(text, limits)) return false;
    event.preventDefault();
    const { file, preview } = pastedTextFile(text, view.state, this.context.config.locale);
    this.parts.addFiles([file], undefined, new Map([[file, preview]]));
    return true;
  }

  /**
   * Chips copied or dragged elsewhere join the draft with their records: over the selection (a
   * paste), or at `drop` (a drop, spaced from the words around it) as one undo step.
   */
  importFragment(text: string, fragment: ContextClipboardFragment, drop?: number): void {
    const config = this.context.config;
    const state = this.context.state;
    const plan = planFragmentImport(text, fragment, state.field(recordsField), newLocalId);
    const foreign = !!config.environmentId && fragment.source.environmentId !== config.environmentId;
    const canFetch = !foreign && typeof config.resolveAsset === 'function';
    const availability = plan.binaries.map(({ record }) =>
      setAvailability.of({ contextId: record.contextId, availability: canFetch ? 'pending' : 'not-in-environment' }),
    );
    if (drop === undefined) {
      this.context.dispatch(state.replaceSelection(plan.text), {
        effects: [putRecords.of(plan.records), ...availability],
        userEvent: 'input.paste',
        scrollIntoView: true,
      });
    } else {
      this.context.dispatch(droppedInsertion(state, drop, plan.text, plan.records), { effects: availability });
    }
    if (!canFetch) return;
    for (const binary of plan.binaries) this.fetchBinary(binary.record, binary.sourceAttachmentId, fragment.source);
  }

  /**
   * Fetches the bytes of a pasted image or file. They join the draft they were pasted in, outside
   * the undo history (the paste is the step); a draft replaced meanwhile ignores them.
   */
  private fetchBinary(
    record: ContextRecord & { attachmentId: string },
    sourceAttachmentId: string,
    source: ContextClipboardFragment['source'],
  ): void {
    const config = this.context.config;
    const token = this.context.state.field(draftToken);
    const settle = (spec: TransactionSpec) => {
      if (this.context.state.field(draftToken) !== token) return;
      this.context.dispatch({ ...spec, annotations: Transaction.addToHistory.of(false) });
      if (this.submitQueuedFor === token && !hasPendingFetches(this.context.state)) {
        this.submitQueuedFor = undefined;
        this.parts.submit();
      }
    };
    // A resolver that throws at once fails like one that rejects.
    void Promise.resolve(source)
      .then((from) => config.resolveAsset!(from, sourceAttachmentId))
      .then(
        (blob) => {
          // The host has the file under its id only when the chip came from this very environment.
          const hostHasIt =
            typeof config.uploadAttachment === 'function' &&
            !!config.environmentId &&
            source.environmentId === config.environmentId;
          const pasted = pastedBinary(record, sourceAttachmentId, blob, hostHasIt);
          settle({
            effects: [
              ...(pasted.record === record ? [] : [putRecords.of([pasted.record])]),
              putAttachments.of([pasted.attachment]),
              setAvailability.of({ contextId: record.contextId, availability: undefined }),
            ],
          });
        },
        () => {
          if (this.context.state.field(draftToken) !== token) return;
          this.context.notices.show(`${record.label}: ${config.locale.unresolved}`);
          settle({ effects: setAvailability.of({ contextId: record.contextId, availability: 'failed' }) });
        },
      );
  }
}

function hasPendingFetches(state: EditorState): boolean {
  for (const availability of state.field(availabilityField).values()) if (availability === 'pending') return true;
  return false;
}
