import { type Extension, Prec } from '@codemirror/state';
import { keymap } from '@codemirror/view';

export interface DictationCommands {
  /** Starts dictation, or ends it; false when there is no recognizer to start. */
  toggle(): boolean;
  /** Ends dictation; false when it was not running. */
  stop(): boolean;
}

/**
 * Dictation's keys, ahead of every other keymap of the composer: Ctrl/Cmd+Shift+Space starts or
 * ends it, and Escape ends it before it closes a menu or stops the assistant.
 */
export function dictationKeymap(commands: DictationCommands): Extension {
  return Prec.highest(
    keymap.of([
      // A key that belongs to an IME composition (Escape cancels it) is left to the composition.
      { key: 'Mod-Shift-Space', run: (view) => !view.composing && commands.toggle() },
      { key: 'Escape', run: (view) => !view.composing && commands.stop() },
    ]),
  );
}
