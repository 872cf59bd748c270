import { EditorState } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  enterSends,
  pressSends,
  sendKeyFacet,
  sendKeyMode,
  type SendKeyMode,
  sendKeyOf,
} from '../../src/elements/composer/editor/keys/send-key.js';

const MODES: SendKeyMode[] = ['enter', 'mod-enter', 'mod-enter-multiline'];

function draft(mode: SendKeyMode, text: string): EditorState {
  return EditorState.create({ doc: text, extensions: [sendKeyFacet.of(mode)] });
}

const press = (modifiers: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: 'Enter',
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('send key', () => {
  it('auto is enter, and mod-enter (the send button sends) on a touch-only device', () => {
    expect(sendKeyMode('auto', false)).toBe('enter');
    expect(sendKeyMode('auto', true)).toBe('mod-enter');
    expect(sendKeyMode('mod-enter-multiline', true)).toBe('mod-enter-multiline');
    expect(sendKeyMode('enter', true)).toBe('enter');
  });

  it('an unknown value means auto', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const known = ['enter', 'mod-enter', 'mod-enter-multiline', 'auto'].includes(value as string);
        expect(sendKeyOf(value)).toBe(known ? value : 'auto');
      }),
    );
  });

  it('Enter sends in enter mode, never in mod-enter, and in mod-enter-multiline only without a line break', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(enterSends(draft('enter', text))).toBe(true);
        expect(enterSends(draft('mod-enter', text))).toBe(false);
        expect(enterSends(draft('mod-enter-multiline', text))).toBe(!/\r\n?|\n/.test(text));
      }),
    );
  });

  it('Shift+Enter never sends, Ctrl/Cmd+Enter always does, in every mode and draft', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MODES), fc.string(), (mode, text) => {
        const state = draft(mode, text);
        expect(pressSends(state, press({ shiftKey: true }))).toBe(false);
        expect(pressSends(state, press({ ctrlKey: true }))).toBe(true);
        expect(pressSends(state, press({ metaKey: true, shiftKey: true }))).toBe(true);
        expect(pressSends(state, press())).toBe(enterSends(state));
        expect(pressSends(state, { ...press(), key: 'a' })).toBe(false);
      }),
    );
  });
});
