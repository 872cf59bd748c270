import { EditorState, type StateEffect, type TransactionSpec } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { CommandInfo } from '../../src/core/index.js';
import { draftFields } from '../../src/elements/composer/editor/state/draft-state.js';
import {
  closeMenu,
  dismissMenu,
  menuFocus,
  type MenuSources,
  menuSources,
  menuState,
  openTrigger,
  setActiveOption,
} from '../../src/elements/composer/menu/menu-state.js';
import type { MentionProvider } from '../../src/elements/composer/menu/providers.js';

const files: MentionProvider = { id: 'files', label: 'Files', search: () => [] };
const review: CommandInfo = { name: 'review', description: 'Review a change' };

function draft(sources: MenuSources = { providers: [files], commands: [review] }, readOnly = false): EditorState {
  return EditorState.create({
    extensions: [draftFields(), menuState, menuSources.of(sources), EditorState.readOnly.of(readOnly)],
  });
}

function apply(state: EditorState, ...specs: TransactionSpec[]): EditorState {
  return specs.reduce((current, spec) => current.update(spec).state, state);
}

function focus(state: EditorState, focused = true): EditorState {
  return apply(state, { effects: menuFocus.of(focused) });
}

/** Types `text` at the caret, a character per transaction, as a keyboard does. */
function typeText(state: EditorState, text: string): EditorState {
  return [...text].reduce((current, char) => {
    const at = current.selection.main.head;
    return apply(current, {
      changes: { from: at, insert: char },
      selection: { anchor: at + char.length },
      userEvent: 'input.type',
    });
  }, state);
}

function effect(state: EditorState, value: StateEffect<unknown>): EditorState {
  return apply(state, { effects: value });
}

describe('menuState', () => {
  it('opens a mention trigger with its query as @fo is typed in a focused editor', () => {
    const state = typeText(focus(draft()), 'hi @fo');
    expect(openTrigger(state)).toEqual({ type: 'mention', from: 3, to: 6, query: 'fo', trigger: '@' });
    expect(state.field(menuState).active).toBe(0);
  });

  it('opens a command trigger for / at the start of the draft', () => {
    const state = typeText(focus(draft()), '/rev');
    expect(openTrigger(state)).toEqual({ type: 'command', from: 0, to: 4, query: 'rev' });
  });

  it('stays closed without focus, and opens once focus comes to the trigger', () => {
    const typed = typeText(draft(), '@fo');
    expect(openTrigger(typed)).toBe(null);
    expect(openTrigger(focus(typed))?.query).toBe('fo');
  });

  it('closes when focus leaves', () => {
    const state = focus(typeText(focus(draft()), '@fo'), false);
    expect(openTrigger(state)).toBe(null);
  });

  it('stays closed in a read-only editor', () => {
    expect(openTrigger(typeText(focus(draft(undefined, true)), '@fo'))).toBe(null);
  });

  it('stays closed without providers for @ and without commands for /', () => {
    const empty = draft({ providers: [], commands: [] });
    expect(openTrigger(typeText(focus(empty), '@fo'))).toBe(null);
    expect(openTrigger(typeText(focus(empty), '/rev'))).toBe(null);
  });

  it('moves the active option by an effect, and keeps it while the same trigger stays', () => {
    const open = typeText(focus(draft()), '@fo');
    const moved = effect(open, setActiveOption.of(2));
    expect(moved.field(menuState).active).toBe(2);
    const caretMoved = apply(moved, { selection: { anchor: 3 } });
    expect(caretMoved.field(menuState).active).toBe(2);
  });

  it('starts a new trigger at its first option', () => {
    const moved = effect(typeText(focus(draft()), '@fo'), setActiveOption.of(2));
    const typed = typeText(moved, 'o');
    expect(openTrigger(typed)?.query).toBe('foo');
    expect(typed.field(menuState).active).toBe(0);
  });

  it('ignores an active option while closed', () => {
    const state = effect(focus(draft()), setActiveOption.of(3));
    expect(state.field(menuState).active).toBe(0);
  });

  it('keeps a dismissed trigger closed, even after the caret leaves and comes back, until the trigger changes', () => {
    const dismissed = effect(typeText(focus(draft()), 'a @fo'), dismissMenu.of(null));
    expect(openTrigger(dismissed)).toBe(null);
    expect(dismissed.field(menuState).dismissed).toBe('mention:2:fo');
    const away = apply(dismissed, { selection: { anchor: 1 } });
    const back = apply(away, { selection: { anchor: 5 } });
    expect(openTrigger(back)).toBe(null);
    const typed = typeText(back, 'o');
    expect(openTrigger(typed)?.query).toBe('foo');
    expect(typed.field(menuState).dismissed).toBe(null);
  });

  it('reopens a closed (not dismissed) menu at the next edit', () => {
    const closed = effect(typeText(focus(draft()), '@fo'), closeMenu.of(null));
    expect(openTrigger(closed)).toBe(null);
    expect(openTrigger(typeText(closed, 'o'))?.query).toBe('foo');
  });

  it('keeps the menu as it is through transactions that neither edit, move the caret nor change focus', () => {
    const open = typeText(focus(draft()), '@fo');
    expect(apply(open, {}).field(menuState)).toBe(open.field(menuState));
  });

  it('starts a new state closed, with nothing dismissed', () => {
    const used = effect(typeText(focus(draft()), '@fo'), dismissMenu.of(null));
    expect(used.field(menuState).dismissed).not.toBe(null);
    const fresh = draft();
    expect(fresh.field(menuState)).toEqual({ trigger: null, active: 0, dismissed: null, focused: false });
  });
});
