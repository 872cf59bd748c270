import { insertNewline } from '@codemirror/commands';
import { type Extension, Facet } from '@codemirror/state';
import { type Command, type KeyBinding, keymap } from '@codemirror/view';
import { enterSends, plainArrowsRecall } from './editor/keys/send-key.js';

/** What the composer's key commands act on; each method tells whether it took the key. */
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

/** The composer whose draft a state is: what its key commands act on (none in a state of no composer). */
export const composerCommands = Facet.define<ComposerCommands, ComposerCommands | null>({
  combine: (values) => values[0] ?? null,
});

/** A command that runs `run` on the state's composer, or does nothing in a state of no composer. */
function onComposer(run: (commands: ComposerCommands) => boolean): Command {
  return (view) => {
    const commands = view.state.facet(composerCommands);
    return commands ? run(commands) : false;
  };
}

/** Sends the draft (or queues it while busy); it takes the key even when nothing was sent. */
export const sendDraft: Command = onComposer(({ sending }) => sending.submit() || true);
/** Enter: sends where the send key says it sends, else breaks the line. */
export const sendOrBreakLine: Command = (view) => (enterSends(view.state) ? sendDraft(view) : insertNewline(view));
/** Sends the other way round while busy (queue ↔ steer), or steers the oldest queued entry from an empty draft. */
export const sendOtherWay: Command = onComposer(({ sending }) => sending.submitOtherWay() || true);
/** Stops the host's assistant while busy. */
export const stopAssistant: Command = onComposer(({ sending }) => sending.stop());
/** Brings the newest queued follow-up back into an empty draft. */
export const takeBackNewestQueued: Command = onComposer(({ sending }) => sending.queue.takeBackNewest());
/** The previous submitted draft. */
export const recallPrevious: Command = onComposer(({ recall }) => recall.back());
/** The next submitted draft, or the draft that was being written. */
export const recallNext: Command = onComposer(({ recall }) => recall.forward());

/**
 * The composer's keys as CodeMirror bindings: the editor runs them after the menu's (an open menu
 * takes Enter, the arrows and Escape first) and before its own, never during an IME composition.
 * They follow the send key in the state (`send-key.ts`): Enter sends where it sends and breaks a
 * line elsewhere, Ctrl/Cmd+Enter sends in every mode, Shift+Enter always breaks a line (the
 * editor's own binding). The plain arrows recall only where Enter sends; Ctrl/Cmd+↑/↓ always do.
 */
export const composerKeymap: readonly KeyBinding[] = [
  { key: 'Enter', run: sendOrBreakLine },
  { key: 'Mod-Enter', run: sendDraft },
  { key: 'Mod-Shift-Enter', run: sendOtherWay },
  { key: 'Alt-ArrowUp', run: takeBackNewestQueued },
  { key: 'ArrowUp', run: (view) => plainArrowsRecall(view.state) && recallPrevious(view) },
  { key: 'ArrowDown', run: (view) => plainArrowsRecall(view.state) && recallNext(view) },
  { key: 'Mod-ArrowUp', run: recallPrevious },
  { key: 'Mod-ArrowDown', run: recallNext },
  { key: 'Escape', run: stopAssistant },
];

/** The composer's keys for a draft's state, acting on `commands`. */
export function composerKeys(commands: ComposerCommands): Extension {
  return [composerCommands.of(commands), keymap.of(composerKeymap)];
}
