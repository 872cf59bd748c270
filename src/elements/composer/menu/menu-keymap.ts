import { type EditorState, type Extension, Prec } from '@codemirror/state';
import { type Command, type EditorView, keymap } from '@codemirror/view';
import type { Option } from './menu-list.js';
import { dismissMenu, menuState, setActiveOption } from './menu-state.js';

/** What the keys need from the menu beyond the editor state. */
export interface MenuKeyTarget {
  /** The open menu's options in list order. */
  options(view: EditorView, state: EditorState): readonly Option[];
  /** Whether a mention's results are still on their way. */
  loading(view: EditorView): boolean;
  pick(view: EditorView, option: Option): void;
}

/**
 * The open menu's keys, ahead of every other keymap: ↓/↑ move the active option, Enter and Tab
 * pick it (Enter in a mention's menu with nothing to pick only closes it), Escape dismisses the
 * menu. Each command does nothing and returns false while no menu is open, so the composer's own
 * keys (Enter submits, ↑/↓ recall, Escape stops) come next.
 */
export function menuKeymap(target: MenuKeyTarget): Extension {
  const pickWithTab = pickActive(target, 'Tab');
  return Prec.highest(
    keymap.of([
      { key: 'ArrowDown', run: moveActive(target, 1) },
      { key: 'ArrowUp', run: moveActive(target, -1) },
      { key: 'Enter', run: pickActive(target, 'Enter') },
      // With a modifier too: a menu that is open never lets a half-typed `@query` be sent.
      { key: 'Mod-Enter', run: pickActive(target, 'Enter') },
      { key: 'Mod-Shift-Enter', run: pickActive(target, 'Enter') },
      { key: 'Tab', run: pickWithTab, shift: pickWithTab },
      { key: 'Escape', run: dismiss },
    ]),
  );
}

function moveActive(target: MenuKeyTarget, step: 1 | -1): Command {
  return (view) => {
    const menu = view.state.field(menuState, false);
    if (!menu?.trigger) return false;
    const count = target.options(view, view.state).length;
    if (count > 0) view.dispatch({ effects: setActiveOption.of((menu.active + step + count) % count) });
    return true;
  };
}

function pickActive(target: MenuKeyTarget, key: 'Enter' | 'Tab'): Command {
  return (view) => {
    const menu = view.state.field(menuState, false);
    if (!menu?.trigger) return false;
    // In a slot's menu, Tab moves on to the next slot: an optional slot can be skipped.
    if (key === 'Tab' && menu.trigger.type === 'argument') return false;
    const option = target.options(view, view.state)[menu.active];
    if (option) {
      target.pick(view, option);
      return true;
    }
    // Results not in yet: Enter must neither pick nor submit the half-typed `@query`.
    if (menu.trigger.type === 'mention' && target.loading(view)) return true;
    // Nothing to pick: the menu goes. In a mention's menu Enter stops there, so text meant as a
    // mention is never sent by the key meant to pick it (the next Enter sends it as text); in any
    // other menu Enter goes on to do what it does without one.
    dismiss(view);
    return key === 'Tab' || menu.trigger.type === 'mention';
  };
}

const dismiss: Command = (view) => {
  if (!view.state.field(menuState, false)?.trigger) return false;
  view.dispatch({ effects: dismissMenu.of(null) });
  return true;
};
