import { type EditorState, Facet, StateEffect, StateField } from '@codemirror/state';
import type { CommandInfo } from '../../../core/index.js';
import { commandInfoOf } from '../editor/state/draft-codec.js';
import type { MentionProvider } from './providers.js';
import { detectTrigger, type Trigger, triggerKey } from './trigger-detection.js';

/** What the menu offers: the host's mention providers and slash commands. */
export interface MenuSources {
  readonly providers: readonly MentionProvider[];
  readonly commands: readonly CommandInfo[];
}

const NO_SOURCES: MenuSources = { providers: [], commands: [] };

/** The providers and commands trigger detection reads; the first one given counts. */
export const menuSources = Facet.define<MenuSources, MenuSources>({
  combine: (values) => values[0] ?? NO_SOURCES,
});

/** The menu as the editor state knows it. */
export interface MenuState {
  /** What is being typed before the caret that keeps the menu open; `null` while it is closed. */
  readonly trigger: Trigger | null;
  /** The index of the active option among the open menu's options. */
  readonly active: number;
  /** The key of the trigger Escape dismissed: that trigger stays closed until another one shows. */
  readonly dismissed: string | null;
  /** Whether the editor has focus: the menu opens only in a focused editor. */
  readonly focused: boolean;
}

/** A closed menu with nothing dismissed, as a new draft starts. */
export function closedMenu(focused = false): MenuState {
  return { trigger: null, active: 0, dismissed: null, focused };
}

/** The editor gained (true) or lost (false) focus: the trigger is looked for again. */
export const menuFocus = StateEffect.define<boolean>();
/** Makes the option at this index the active one. */
export const setActiveOption = StateEffect.define<number>();
/** Escape: closes the menu, and keeps this trigger closed until another one shows. */
export const dismissMenu = StateEffect.define<null>();
/** Closes the menu; the next edit, caret move or focus change may open it again. */
export const closeMenu = StateEffect.define<null>();

/**
 * The open menu (its trigger and active option) and the dismissed trigger, following the
 * transactions: edits, caret moves and focus changes look for the trigger again, effects move the
 * active option, dismiss or close it. A new editor state starts closed with nothing dismissed.
 */
export const menuState = StateField.define<MenuState>({
  create: () => closedMenu(),
  update(menu, transaction) {
    let next = menu;
    let focusChanged = false;
    for (const effect of transaction.effects) {
      if (effect.is(menuFocus)) {
        next = { ...next, focused: effect.value };
        focusChanged = true;
      } else if (effect.is(setActiveOption)) {
        if (next.trigger && next.active !== effect.value) next = { ...next, active: Math.max(0, effect.value) };
      } else if (effect.is(dismissMenu)) {
        if (next.trigger) next = { ...next, trigger: null, dismissed: triggerKey(next.trigger) };
      } else if (effect.is(closeMenu)) {
        if (next.trigger) next = { ...next, trigger: null };
      }
    }
    if (transaction.docChanged || transaction.selection || focusChanged) return followTrigger(next, transaction.state);
    return next.trigger && transaction.state.readOnly ? { ...next, trigger: null } : next;
  },
});

/** The menu for the trigger the state now shows: a new trigger starts at its first option. */
function followTrigger(menu: MenuState, state: EditorState): MenuState {
  const next = menu.focused && !state.readOnly ? currentTrigger(state) : null;
  // A dismissed trigger stays dismissed while there is none, so coming back to it keeps it closed.
  if (!next || triggerKey(next) === menu.dismissed) return menu.trigger ? { ...menu, trigger: null } : menu;
  const same = menu.trigger !== null && triggerKey(menu.trigger) === triggerKey(next);
  return { ...menu, trigger: next, active: same ? menu.active : 0, dismissed: null };
}

function currentTrigger(state: EditorState): Trigger | null {
  const { commands, providers } = state.facet(menuSources);
  return detectTrigger(state, commands, providers, (command) => commandInfoOf(commands, command));
}

/** The open menu's trigger in a state, or `null`. */
export function openTrigger(state: EditorState): Trigger | null {
  return state.field(menuState, false)?.trigger ?? null;
}
