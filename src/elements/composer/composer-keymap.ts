import type { KeyBinding } from '@codemirror/view';

/** The commands the composer's keys run; each tells whether it took the key. */
export interface ComposerCommands {
  /** Enter: sends the draft, or queues it while busy (it never inserts a line break). */
  submit(): boolean;
  /** ↑ at the very start of the draft: the previous submitted draft. */
  recallBack(): boolean;
  /** ↓ at the very end of the draft: the next one, or the draft that was being written. */
  recallForward(): boolean;
  /** Escape while busy: stop the host's assistant. */
  stop(): boolean;
}

/**
 * The composer's keys as CodeMirror bindings: the editor runs them after the menu's (an open menu
 * takes Enter, the arrows and Escape first) and before its own, never during an IME composition.
 */
export function composerKeymap(commands: ComposerCommands): KeyBinding[] {
  return [
    { key: 'Enter', run: () => commands.submit() || true },
    { key: 'ArrowUp', run: () => commands.recallBack() },
    { key: 'ArrowDown', run: () => commands.recallForward() },
    { key: 'Escape', run: () => commands.stop() },
  ];
}
