import { describe, expect, it } from 'vitest';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';
import { resolveMessageContext } from '../../src/core/resolve.js';

const legacyText = 'Run \uFFFC\n\n<terminal_context>\n- Terminal 1 line 2:\n  2 | $ ls\n</terminal_context>';
const file = {
  version: 1,
  contextId: 'f_1',
  kind: 'file',
  label: 'notes.txt',
  attachmentId: 'att_1',
  name: 'notes.txt',
  mimeType: 'text/plain',
  sizeBytes: 3,
};
const canonicalText = 'See [notes.txt](t3-context://v1/file/f_1)';

describe('resolveMessageContext', () => {
  it('uses a structured context as-is, without upgrading the text', () => {
    const text = `${canonicalText} \uFFFC <review_comment x>`;
    expect(resolveMessageContext({ text, context: { version: 1, records: [file] } })).toEqual({
      text,
      records: [file],
    });
  });

  it('drops undecodable records of a structured context and keeps the valid ones', () => {
    const context = { version: 1, records: [{ ...file, contextId: 'f_2', sizeBytes: -1 }, file] };
    expect(resolveMessageContext({ text: canonicalText, context })).toEqual({ text: canonicalText, records: [file] });
  });

  it('gives no records and leaves the text intact when the context fails to decode', () => {
    const failing: unknown[] = [
      { version: 2, records: [file] },
      { version: 1, records: [file, file] },
      { version: 1, records: 'nope' },
      { version: 1, records: Array.from({ length: 201 }, (_, i) => ({ ...file, contextId: `f_${i}` })) },
      'context',
      42,
    ];
    for (const context of failing) {
      expect(resolveMessageContext({ text: legacyText, context })).toEqual({ text: legacyText, records: [] });
    }
  });

  it('upgrades the text of a legacy message (missing or null context)', () => {
    const upgraded = upgradeLegacyMessage(legacyText);
    expect(upgraded.records).toHaveLength(1);
    expect(resolveMessageContext({ text: legacyText })).toEqual(upgraded);
    expect(resolveMessageContext({ text: legacyText, context: null })).toEqual(upgraded);
    expect(resolveMessageContext({ text: legacyText, context: undefined })).toEqual(upgraded);
    expect(resolveMessageContext({ text: 'plain', context: null })).toEqual({ text: 'plain', records: [] });
  });

  it('never throws on malformed input', () => {
    expect(resolveMessageContext({ text: 42 as unknown as string })).toEqual({ text: '', records: [] });
    expect(resolveMessageContext(undefined as unknown as { text: string })).toEqual({ text: '', records: [] });
  });
});
