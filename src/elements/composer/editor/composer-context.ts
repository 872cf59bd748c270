import type { EditorState, TransactionSpec } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { ReactiveControllerHost } from 'lit';
import type { CommandInfo } from '../../../core/index.js';
import type { ResolvedConfig } from '../../shared/config.js';
import type { DraftInit } from './state/draft-state.js';
import type { SendKeyMode } from './keys/send-key.js';

/** A draft to start: its text and what goes with it, and where the caret starts (its start by default). */
export type DraftStart = { text: string; caret?: 'start' | 'end' } & DraftInit;

/**
 * Who replaces the draft, which decides what follows: a person's action (`user`: clear, submit,
 * stash, restore, recall) fires `input` when the draft changed; the host setting `value` or
 * `draft` (`host`) fires none, as setting a form field's value does not; the draft store putting
 * back what it kept (`store`) is neither an edit nor something to save again.
 */
export type ReplaceOrigin = 'user' | 'host' | 'store';

export interface ReplaceOptions {
  origin?: ReplaceOrigin;
  /** `t3-attachment-remove` for the files the new draft no longer has (a cleared draft's, not a submitted one's). */
  announceRemovals?: boolean;
}

/** The composer's visible notice and its polite live region. */
export interface NoticeBoard {
  readonly current: string;
  show(message: string, options?: { lasting?: boolean }): void;
  announce(message: string): void;
  dismiss(message: string): void;
}

/** The element's properties the controllers follow. */
export interface ComposerHost extends ReactiveControllerHost, HTMLElement {
  /** Disabled by its own `disabled` or by its form. */
  readonly isDisabled: boolean;
  readonly readonly: boolean;
  readonly maxLength?: number;
  readonly placeholder: string;
  readonly label: string;
  /** The send key in force (`auto` decided for the device). */
  readonly sendKeyMode: SendKeyMode;
  readonly busy: boolean;
  readonly queueMode: unknown;
  readonly noSendButton: boolean;
  readonly historySize: unknown;
  readonly draftStorage?: unknown;
  readonly commands: readonly CommandInfo[];
}

/**
 * What every controller of the composer works with: the draft in its editor state, changed only
 * through transactions or the one replace operation, the element, its notices and configuration.
 */
export interface ComposerContext {
  readonly host: ComposerHost;
  readonly state: EditorState;
  readonly view: EditorView | undefined;
  readonly notices: NoticeBoard;
  readonly config: ResolvedConfig;
  /** Whether the element is disabled (itself or by its form). */
  readonly disabled: boolean;
  dispatch(...specs: TransactionSpec[]): void;
  /**
   * Replaces the whole draft with a new editor state (a new undo history; no menu; no recall walk
   * unless `start` carries one): the one way a draft is set, cleared, submitted, stashed or taken
   * back. It fires the one `input` a person's replacement makes and schedules the draft's save.
   */
  replaceDraft(start: DraftStart, options?: ReplaceOptions): void;
  /** While pasted files are still being fetched: says so, submits once they settle, and returns true. */
  deferSubmit(): boolean;
  /** The submit that waits for pasted files goes nowhere after all. */
  cancelDeferredSubmit(): void;
  /** Something stored with the draft besides it (the stash, the queue, the history) changed: save soon. */
  scheduleSave(): void;
  /** The host's current description of a picked command (a restored draft may know only its name). */
  commandInfo(command: CommandInfo): CommandInfo;
  focus(): void;
}
