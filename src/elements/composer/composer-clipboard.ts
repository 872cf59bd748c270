import type { Extension, TransactionSpec } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import {
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  type ContextRecord,
  collectContextReferences,
  decodeClipboardFragment,
  decodeClipboardHtml,
  encodeClipboardFragment,
  encodeClipboardHtml,
} from '../../core/index.js';
import type { ResolvedConfig } from '../shared/config.js';
import { type DraftAttachment, newLocalId } from './attachments.js';
import { putRecords, recordsField, setAvailability } from './editor/draft-state.js';
import { planFragmentImport } from './fragment-import.js';

/** What the clipboard handling needs from the composer. */
export interface ClipboardDelegate {
  config(): ResolvedConfig;
  /** Applies a change to the draft, whether or not the editor is mounted. */
  dispatch(spec: TransactionSpec): void;
  /** Adds pasted or dropped files as chips, at `at` or else at the caret. */
  addFiles(files: readonly File[], at?: number): void;
  /** The bytes of a pasted image or file arrived. */
  attachFetched(attachment: DraftAttachment): void;
  showNotice(message: string): void;
  submit(): void;
}

/**
 * Copy, cut, paste and drop. Copying a selection with chips puts their records on the clipboard
 * (as JSON and as HTML); pasting them imports the records and fetches the bytes of pasted images
 * and files again through `resolveAsset`, marking their chips pending, or failed, or not in this
 * environment. A submit while fetches are pending waits for them.
 */
export class ComposerClipboard {
  private pendingFetches = new Set<Promise<void>>();
  private submitQueued = false;
  /** Changes whenever a new draft starts, so late asset fetches and queued submits of the old one are dropped. */
  private draftGeneration = 0;

  constructor(private readonly delegate: ClipboardDelegate) {}

  /** True while a submit waits for pending fetches. */
  get isSubmitQueued(): boolean {
    return this.submitQueued;
  }

  /** A new draft starts: fetches and a queued submit of the old one no longer count. */
  reset(): void {
    this.draftGeneration++;
    this.pendingFetches = new Set();
    this.submitQueued = false;
  }

  /** While pasted files are still being fetched: says so, submits again once they settle, and returns true. */
  deferSubmit(): boolean {
    if (this.pendingFetches.size === 0) return false;
    this.delegate.showNotice(this.delegate.config().locale.attachmentsPending);
    this.queueSubmitAfterFetches();
    return true;
  }

  extension(): Extension {
    return EditorView.domEventHandlers({
      copy: (event, view) => this.onCopy(event, view, false),
      cut: (event, view) => this.onCopy(event, view, true),
      paste: (event, view) => this.onPaste(event, view),
      drop: (event, view) => this.onDrop(event, view),
    });
  }

  private queueSubmitAfterFetches(): void {
    if (this.submitQueued) return;
    this.submitQueued = true;
    const generation = this.draftGeneration;
    void Promise.allSettled([...this.pendingFetches]).then(() => {
      if (generation !== this.draftGeneration) return;
      this.submitQueued = false;
      this.delegate.submit();
    });
  }

  private onCopy(event: ClipboardEvent, view: EditorView, cut: boolean): boolean {
    const data = event.clipboardData;
    const selection = view.state.selection.main;
    if (!data || selection.empty) return false;
    const text = view.state.sliceDoc(selection.from, selection.to);
    const records = view.state.field(recordsField);
    const copied = [...new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId))]
      .map((contextId) => records.get(contextId))
      .filter((record): record is ContextRecord => record !== undefined);
    event.preventDefault();
    data.setData('text/plain', text);
    if (copied.length > 0) {
      const fragment: ContextClipboardFragment = {
        version: 1,
        source: { environmentId: this.delegate.config().environmentId || 'unknown' },
        records: copied,
      };
      const json = encodeClipboardFragment(fragment);
      const htmlFlavour = encodeClipboardHtml(fragment, { text });
      if (json) data.setData(CONTEXT_CLIPBOARD_MIME, json);
      if (htmlFlavour) data.setData('text/html', htmlFlavour);
    }
    if (cut && !view.state.readOnly) {
      view.dispatch({ changes: { from: selection.from, to: selection.to }, userEvent: 'delete.cut' });
    }
    return true;
  }

  private onPaste(event: ClipboardEvent, view: EditorView): boolean {
    const data = event.clipboardData;
    if (!data || view.state.readOnly) return false;
    // The plain text is read only for a fragment: a large plain paste is left to the editor, which reads it once.
    const fragment =
      decodeClipboardFragment(data.getData(CONTEXT_CLIPBOARD_MIME)) ?? decodeClipboardHtml(data.getData('text/html'));
    const text = fragment ? data.getData('text/plain') : '';
    if (fragment && text) {
      event.preventDefault();
      this.pasteFragment(text, fragment, view);
      return true;
    }
    const files = [...data.files];
    if (files.length > 0) {
      event.preventDefault();
      this.delegate.addFiles(files);
      return true;
    }
    return false;
  }

  private onDrop(event: DragEvent, view: EditorView): boolean {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length === 0 || view.state.readOnly) return false;
    event.preventDefault();
    const position = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? undefined;
    this.delegate.addFiles(files, position);
    return true;
  }

  private pasteFragment(text: string, fragment: ContextClipboardFragment, view: EditorView): void {
    const config = this.delegate.config();
    const plan = planFragmentImport(text, fragment, view.state.field(recordsField), newLocalId);
    const foreign = !!config.environmentId && fragment.source.environmentId !== config.environmentId;
    const canFetch = !foreign && typeof config.resolveAsset === 'function';
    const availability = plan.binaries.map(({ record }) =>
      setAvailability.of({ contextId: record.contextId, availability: canFetch ? 'pending' : 'not-in-environment' }),
    );
    view.dispatch(view.state.replaceSelection(plan.text), {
      effects: [putRecords.of(plan.records), ...availability],
      userEvent: 'input.paste',
      scrollIntoView: true,
    });
    if (!canFetch) return;
    for (const binary of plan.binaries) this.fetchBinary(binary.record, binary.sourceAttachmentId, fragment.source);
  }

  private fetchBinary(
    record: ContextRecord & { attachmentId: string },
    sourceAttachmentId: string,
    source: ContextClipboardFragment['source'],
  ): void {
    const resolveAsset = this.delegate.config().resolveAsset!;
    const generation = this.draftGeneration;
    const pending = this.pendingFetches;
    const fetch = (async () => {
      try {
        const blob = await resolveAsset(source, sourceAttachmentId);
        if (generation !== this.draftGeneration) return;
        const name = 'name' in record && typeof record.name === 'string' ? record.name : record.label;
        const file = new File([blob], name, {
          type: blob.type || ('mimeType' in record ? String(record.mimeType) : ''),
        });
        const kind = record.kind === 'image' ? 'image' : 'file';
        this.delegate.attachFetched({ contextId: record.contextId, attachmentId: record.attachmentId, kind, file });
        this.delegate.dispatch({
          effects: setAvailability.of({ contextId: record.contextId, availability: undefined }),
        });
      } catch {
        if (generation !== this.draftGeneration) return;
        this.delegate.dispatch({
          effects: setAvailability.of({ contextId: record.contextId, availability: 'failed' }),
        });
        this.delegate.showNotice(`${record.label}: ${this.delegate.config().locale.unresolved}`);
      }
    })();
    pending.add(fetch);
    void fetch.finally(() => pending.delete(fetch));
  }
}
