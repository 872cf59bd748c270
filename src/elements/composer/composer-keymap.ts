import { insertNewline } from '@codemirror/commands';
import type { KeyBinding } from '@codemirror/view';
import { enterSends, plainArrowsRecall } from './editor/keys/send-key.js';

/** The commands the composer's keys run; each tells whether it took the key. */
export interface ComposerCommands {
  sending: {
    /** The send key: sends the draft, or queues it while busy (it never inserts a line break). */
    submit(): boolean;
    /** Ctrl/Cmd+Shift+Enter: the other way round while busy (queue ↔ steer); in an empty draft, steers the oldest. */
    submitOtherWay(): boolean;
    /** Escape while busy: stop the host's assistant. */
    stop(): boolean;
    /** Alt+↑ in an empty draft: the newest queued follow-up back into the composer. */
    queue: { takeBackNewest(): boolean };
  };
  recall: {
    /** ↑ at the very start of the draft: the previous submitted draft. */
    back(): boolean;
    /** ↓ at the very end of the draft: the next one, or the draft that was being written. */
    forward(): boolean;
  };
}

/**
 * The composer's keys as CodeMirror bindings: the editor runs them after the menu's (an open menu
 * takes Enter, the arrows and Escape first) and before its own, never during an IME composition.
 * They follow the send key in the state (`send-key.ts`): Enter sends where it sends and breaks a
 * line elsewhere, Ctrl/Cmd+Enter sends in every mode, Shift+Enter always breaks a line (the
 * editor's own binding). The plain arrows recall only where Enter sends; Ctrl/Cmd+↑/↓ always do.
 */
export function composerKeymap({ sending, recall }: ComposerCommands): KeyBinding[] {
  const send = () => sending.submit() || true;
  return [
    { key: 'Enter', run: (view) => (enterSends(view.state) ? send() : insertNewline(view)) },
    { key: 'Mod-Enter', run: send },
    { key: 'Mod-Shift-Enter', run: () => sending.submitOtherWay() || true },
    { key: 'Alt-ArrowUp', run: () => sending.queue.takeBackNewest() },
    { key: 'ArrowUp', run: (view) => plainArrowsRecall(view.state) && recall.back() },
    { key: 'ArrowDown', run: (view) => plainArrowsRecall(view.state) && recall.forward() },
    { key: 'Mod-ArrowUp', run: () => recall.back() },
    { key: 'Mod-ArrowDown', run: () => recall.forward() },
    { key: 'Escape', run: () => sending.stop() },
  ];
}
