import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import {
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  type ContextRecord,
  decodeContextRecord,
  formatContextReference,
} from '../../../core/index.js';
import type { DraftAttachment } from '../../shared/composer-values.js';
import { filesToAttach } from '../attachments/attachments.js';
import { writeDraftRange } from '../clipboard/fragment-flavours.js';
import { planFragmentImport } from '../clipboard/fragment-import.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { insertionProblem } from '../editor/state/draft-limits.js';
import { recordsField } from '../editor/state/draft-state.js';
import { droppedInsertion } from '../editor/state/insertion.js';
import { newLocalId } from '../editor/state/local-ids.js';
import { dropPointCursor } from './drop-cursor.js';
import { dropPointsField, holdDropPoint, releaseDropPoint } from './drop-point.js';
import { type DropResolver, type ResolvedDrop, resolveDrop } from './drop-resolver.js';
import { type DroppedData, readDroppedData } from './dropped-data.js';
import { folderMention } from './folder-mentions.js';

/** What drops need besides the composer's context. */
export interface DropParts {
  resolver(): DropResolver | undefined;
  /** Chips copied or dragged elsewhere, with their records, at `position`. */
  importFragment(text: string, fragment: ContextClipboardFragment, position: number): void;
}

/**
 * Drag and drop on the editor. What is dragged out of it carries its chips' records as a copy
 * does; what is dropped on it becomes chips at the drop point, one undo step: the host's own
 * items through `dropResolver` first, then chips from a composer or a sent message with their
 * records, folders as mentions, files as attachments. Text is the editor's, and so is a drag
 * within the draft (a move). The drop point shows while dragging; Escape (the browser's own
 * cancel) leaves everything as it was.
 */
export class ComposerDrops {
  /** A drag started in this editor: dropped back in, CodeMirror moves it. */
  private draggingOut = false;
  private lastDropId = 0;

  constructor(
    private readonly context: ComposerContext,
    private readonly parts: DropParts,
  ) {}

  extension(): Extension {
    return [
      dropPointCursor(),
      dropPointsField,
      EditorView.domEventHandlers({
        dragstart: (event, view) => this.onDragStart(event, view),
        dragend: () => this.onDragEnd(),
        dragenter: (event, view) => this.acceptDrag(event, view),
        dragover: (event, view) => this.acceptDrag(event, view),
        drop: (event, view) => this.onDrop(event, view),
      }),
    ];
  }

  /** Adds the records of the chips in the dragged selection; CodeMirror's own handler then sets the text. */
  private onDragStart(event: DragEvent, view: EditorView): boolean {
    const selection = view.state.selection.main;
    this.draggingOut = true;
    if (event.dataTransfer && !selection.empty)
      writeDraftRange(event.dataTransfer, view.state, selection, this.context.config.environmentId);
    return false;
  }

  private onDragEnd(): boolean {
    this.draggingOut = false;
    return false;
  }

  /** A host's drag type, chips or files are droppable here, which a text field would refuse. */
  private acceptDrag(event: DragEvent, view: EditorView): boolean {
    const data = event.dataTransfer;
    if (!data || this.draggingOut || view.state.readOnly) return false;
    const types = [...data.types];
    if (!this.parts.resolver() && !types.includes(CONTEXT_CLIPBOARD_MIME) && !types.includes('Files')) return false;
    data.dropEffect = dropEffectFor(data.effectAllowed);
    return true;
  }

  private onDrop(event: DragEvent, view: EditorView): boolean {
    const data = event.dataTransfer;
    if (!data || view.state.readOnly || this.draggingOut) {
      this.draggingOut = false;
      return false;
    }
    const position = view.posAtCoords({ x: event.clientX, y: event.clientY }, false);
    const dropped = readDroppedData(data);
    const resolver = this.parts.resolver();
    const answer: ResolvedDrop | Promise<ResolvedDrop> = resolver
      ? resolveDrop(resolver, data)
      : { outcome: 'default' };
    view.focus();
    if (!(answer instanceof Promise)) return this.apply(answer, dropped, position, true);
    const id = ++this.lastDropId;
    this.context.dispatch({ effects: holdDropPoint.of({ id, position }) });
    void answer.then((settled) => {
      // A draft replaced meanwhile (a send, another thread, a restored stash) is not the one the
      // drop was made on, and a composer that became read-only takes nothing: the answer goes.
      const held = this.context.state.field(dropPointsField).get(id);
      if (held === undefined) return;
      this.context.dispatch({ effects: releaseDropPoint.of(id) });
      if (!this.context.state.readOnly) this.apply(settled, dropped, held, false);
    });
    return true;
  }

  /**
   * Makes chips of what was dropped; false leaves a drop of text to the editor (only while the
   * drop event lasts: a resolver that answered later has the text inserted here).
   */
  private apply(answer: ResolvedDrop, dropped: DroppedData, position: number, during: boolean): boolean {
    if (answer.outcome === 'records' && this.insertRecords(answer.records, position)) return true;
    if (answer.outcome !== 'default') {
      if (answer.outcome === 'failed') console.error('[t3-composer] dropResolver failed', answer.error);
      this.context.notices.show(this.context.config.locale.dropFailed);
    }
    if (dropped.fragment && dropped.text) {
      this.parts.importFragment(dropped.text, dropped.fragment, position);
      return true;
    }
    if (dropped.files.length > 0 || dropped.folders.length > 0) {
      const { records, attachments } = filesToAttach(dropped.files);
      this.insert([...dropped.folders.map(folderMention), ...records], position, attachments);
      return true;
    }
    if (during || !dropped.text) return false;
    this.context.dispatch(droppedInsertion(this.context.state, position, dropped.text));
    return true;
  }

  /** The resolver's records as chips; false when none of them is a valid record. */
  private insertRecords(values: readonly unknown[], position: number): boolean {
    const records: ContextRecord[] = [];
    for (const value of values) {
      const decoded = decodeContextRecord(value);
      if (decoded.ok) records.push(decoded.record);
      else console.warn(`[t3-composer] dropResolver returned a record that is not valid: ${decoded.error}`);
    }
    if (records.length === 0) return false;
    this.insert(records, position);
    return true;
  }

  /**
   * Chips for `records` at `position`, one undo step. A record whose id the draft holds with the
   * same content is reused, one with other content is renamed, as a paste does; a limit refuses
   * the whole drop with its notice.
   */
  private insert(records: readonly ContextRecord[], position: number, attachments: DraftAttachment[] = []): void {
    const { state, config } = this.context;
    const ids = [...new Set(records.map((record) => record.contextId))];
    const problem = insertionProblem(state, ids, records.length, config.locale);
    if (problem) {
      this.context.notices.show(problem);
      return;
    }
    const links = records.map((record) => formatContextReference(record)).join(' ');
    const fragment: ContextClipboardFragment = {
      version: 1,
      source: { environmentId: config.environmentId || 'unknown' },
      records: [...records],
    };
    const plan = planFragmentImport(links, fragment, state.field(recordsField), newLocalId, { keepBinaryIds: true });
    this.context.dispatch(droppedInsertion(state, position, plan.text, plan.records, attachments));
  }
}

/** A copy where the drag allows one (the source keeps its item), else what it allows: a drop it refuses never lands. */
function dropEffectFor(allowed: DataTransfer['effectAllowed']): DataTransfer['dropEffect'] {
  if (allowed === 'none') return 'none';
  if (/^(copy|all|uninitialized)/i.test(allowed)) return 'copy';
  return allowed === 'move' ? 'move' : 'link';
}
