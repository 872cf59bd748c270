import { EditorState, type Transaction, type TransactionSpec } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { replaceViewState } from '../android-chrome.js';

export interface DraftEditorDelegate {
  /** A new, empty draft's state. */
  emptyState(): EditorState;
  /**
   * After every transaction that was applied while no editor was mounted (a mounted one reports through its update
   * listener).
   */
  afterIdleChange(startState: EditorState, transactions: readonly Transaction[], state: EditorState): void;
  /** The editor mounted or released. */
  viewChanged(view: EditorView | undefined): void;
}

/**
 * Where the draft's editor state lives: in the mounted CodeMirror view, or, while there is none
 * (before the first render, while out of the document), kept aside so that a composer moved in
 * the DOM keeps its draft, caret and undo history.
 */
export class DraftEditor {
  private current?: EditorView;
  private idleState?: EditorState;
  private focusWhenMounted = false;

  constructor(private readonly delegate: DraftEditorDelegate) {}

  get view(): EditorView | undefined {
    return this.current;
  }

  get state(): EditorState {
    return this.current?.state ?? (this.idleState ??= this.delegate.emptyState());
  }

  /** Applies a change to the draft, through the editor when mounted, directly to the state otherwise. */
  dispatch(...specs: TransactionSpec[]): void {
    if (this.current) {
      this.current.dispatch(...specs);
      return;
    }
    const transaction = this.state.update(...specs);
    this.idleState = transaction.state;
    this.delegate.afterIdleChange(transaction.startState, [transaction], transaction.state);
  }

  /** Replaces the whole state: a new draft. */
  replace(state: EditorState): void {
    if (this.current) replaceViewState(this.current, state);
    else this.idleState = state;
  }

  mount(parent: HTMLElement, root: ShadowRoot | undefined, canFocus: boolean): void {
    if (this.current) return;
    this.current = new EditorView({ state: this.state, parent, root });
    this.idleState = undefined;
    this.delegate.viewChanged(this.current);
    if (this.focusWhenMounted && canFocus) this.current.focus();
    this.focusWhenMounted = false;
  }

  /** Releases the editor (and the listeners it keeps on the window), keeping its state for a return. */
  unmount(): void {
    const view = this.current;
    if (!view) return;
    this.idleState = view.state;
    this.current = undefined;
    this.delegate.viewChanged(undefined);
    view.destroy();
  }

  /** Focuses the editor, or does once it is mounted. */
  focus(): void {
    if (this.current) this.current.focus();
    else this.focusWhenMounted = true;
  }

  blur(): void {
    this.focusWhenMounted = false;
    this.current?.contentDOM.blur();
  }
}
