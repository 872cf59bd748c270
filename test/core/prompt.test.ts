import { describe, expect, it } from 'vitest';
import { buildComposerPrompt, serializeComposerTag, type ComposerTag } from '../../src/core/prompt.js';

describe('serializeComposerTag', () => {
  it('prefers trimmed serialized, then value, then label', () => {
    expect(serializeComposerTag({ id: 'i', label: 'L', value: 'V', serialized: ' @S ' })).toBe('@S');
    expect(serializeComposerTag({ id: 'i', label: 'L', value: ' V ' })).toBe('V');
    expect(serializeComposerTag({ id: 'i', label: ' L ' })).toBe('L');
  });

  it('skips empty and whitespace-only candidates', () => {
    expect(serializeComposerTag({ id: 'i', label: 'L', value: '  ', serialized: '' })).toBe('L');
    expect(serializeComposerTag({ id: 'i', label: '\n', value: '', serialized: ' \t' })).toBe('i');
  });

  it('falls back to the id as it is, untrimmed', () => {
    expect(serializeComposerTag({ id: ' file:x ' })).toBe(' file:x ');
    expect(serializeComposerTag({ id: '' })).toBe('');
  });

  it('skips fields that are not strings instead of throwing', () => {
    const tag = { id: 'i', label: 42, value: null, serialized: {} } as unknown as ComposerTag;
    expect(serializeComposerTag(tag)).toBe('i');
    expect(serializeComposerTag(null as unknown as ComposerTag)).toBe('');
    expect(serializeComposerTag({ id: 7 } as unknown as ComposerTag)).toBe('');
  });
});

describe('buildComposerPrompt', () => {
  const extension: ComposerTag = {
    id: 'extension:@ext:github',
    kind: 'extension',
    value: 'GitHub',
    serialized: '@ext:github',
  };
  const file: ComposerTag = { id: 'file:@README.md', kind: 'file', value: 'README.md', serialized: '@README.md' };

  it('puts the tags, joined by newlines, and a blank line before the text', () => {
    expect(buildComposerPrompt('explain', [extension, file])).toBe('@ext:github\n@README.md\n\nexplain');
  });

  it('returns the text alone without tags', () => {
    expect(buildComposerPrompt('explain', [])).toBe('explain');
    expect(buildComposerPrompt('explain', [{ id: '' }])).toBe('explain');
  });

  it('returns the tags alone with empty text', () => {
    expect(buildComposerPrompt('', [file])).toBe('@README.md');
    expect(buildComposerPrompt('', [])).toBe('');
  });

  it('adds no brackets, escaping or spaces', () => {
    expect(buildComposerPrompt('  x  ', [{ id: 'a b', label: 'a b(1)' }])).toBe('a b(1)\n\n  x  ');
  });

  it('tolerates bad arguments', () => {
    expect(buildComposerPrompt(undefined as unknown as string, null as unknown as ComposerTag[])).toBe('');
    expect(buildComposerPrompt('x', [null as unknown as ComposerTag, file])).toBe('@README.md\n\nx');
  });
});
