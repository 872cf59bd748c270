import { describe, expect, it } from 'vitest';
import { decodeContextRecord, decodeMessageContext } from '../../src/core/records.js';
import { serializeLegacyMessage } from '../../src/core/legacy/serialize.js';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';
import type { ContextRecord } from '../../src/core/types.js';
import { expectT3KeyOrder } from './record-shapes.js';

/**
 * The minimal examples where comparing this core with T3 Code's own sources found a difference,
 * each now behaving as T3 does (its code is the contract).
 */

const file = {
  version: 1,
  contextId: 'f_1',
  label: 'a.txt',
  kind: 'file',
  attachmentId: 'att_1',
  name: 'a.txt',
  mimeType: 'text/plain',
  sizeBytes: 1,
};
const terminal = {
  version: 1,
  contextId: 't_1',
  label: 'T1',
  kind: 'terminal',
  terminalId: 't',
  terminalLabel: 'T1',
  lineStart: 0,
  lineEnd: 0,
  text: '',
};
const pullRequest = {
  number: 1,
  title: 't',
  url: 'u',
  headBranch: 'h',
  baseBranch: 'b',
  state: 'open',
  isDraft: false,
};
const review = {
  version: 1,
  contextId: 'r_1',
  label: 'a.ts L1',
  kind: 'review-comment',
  sectionId: 's',
  sectionTitle: 'S',
  filePath: 'a.ts',
  startIndex: 1,
  endIndex: 1,
  rangeLabel: 'L1',
  text: '',
  diff: '',
  pullRequest,
};

describe('decoding as T3 decodes', () => {
  it('rejects a padded known kind, and a context drops that record alone', () => {
    expect(decodeContextRecord({ ...file, kind: ' file ' })).toEqual({
      ok: false,
      error: 'record.kind: a known kind must not be padded with whitespace',
    });
    const result = decodeMessageContext({ version: 1, records: [{ ...file, kind: ' file ' }, terminal] });
    expect(result).toMatchObject({ ok: true, dropped: [{ index: 0 }], context: { records: [terminal] } });
  });

  it('trims an unknown kind, as the open last member of the union does', () => {
    const future = { version: 1, contextId: 'u_1', label: 'U', kind: ' future ', payload: { a: 1 } };
    const bom = { version: 1, contextId: 'u_2', label: 'B', kind: '\ufeffx', payload: null, threadId: 't' };
    const result = decodeMessageContext({ version: 1, records: [future, bom, terminal] });
    expect(result).toMatchObject({ ok: true, dropped: [] });
    const records = result.ok ? result.context.records : [];
    expect(records.map((record) => record.kind)).toEqual(['future', 'x', 'terminal']);
    expect(JSON.stringify(records[0])).toBe(
      '{"version":1,"contextId":"u_1","label":"U","kind":"future","payload":{"a":1}}',
    );
    expect(records[1]).toEqual({ version: 1, contextId: 'u_2', label: 'B', kind: 'x', payload: null });
  });

  it('rejects integers beyond the safe range', () => {
    expect(decodeContextRecord({ ...terminal, lineEnd: 9007199254740992 })).toEqual({
      ok: false,
      error: 'terminal.lineEnd: must be at most 9007199254740991',
    });
    expect(decodeContextRecord({ ...review, pullRequest: { ...pullRequest, number: 9007199254740992 } })).toEqual({
      ok: false,
      error: 'review-comment.pullRequest.number: must be at most 9007199254740991',
    });
    expect(decodeContextRecord({ ...terminal, lineEnd: 9007199254740991 }).ok).toBe(true);
  });

  it('returns the keys in T3 order, so re-serialised records are T3 bytes', () => {
    const input = {
      kind: 'file',
      sizeBytes: 1,
      label: 'a.txt',
      name: 'a.txt',
      contextId: 'f_1',
      mimeType: 'text/plain',
      attachmentId: 'att_1',
      version: 1,
    };
    const decoded = decodeContextRecord(input);
    expect(decoded.ok && JSON.stringify(decoded.record)).toBe(
      '{"version":1,"contextId":"f_1","label":"a.txt","kind":"file","attachmentId":"att_1","name":"a.txt","mimeType":"text/plain","sizeBytes":1}',
    );
    const reordered = {
      ...review,
      pullRequest: Object.fromEntries(Object.entries(pullRequest).reverse()),
      sourceStale: true,
      fenceLanguage: 'ts',
    };
    const decodedReview = decodeContextRecord(reordered);
    expect(decodedReview.ok).toBe(true);
    if (decodedReview.ok) expectT3KeyOrder(decodedReview.record);
    const unknown = decodeContextRecord({
      extra: 1,
      payload: 2,
      kind: 'future',
      label: '',
      contextId: 'x',
      version: 1,
    });
    expect(unknown.ok && JSON.stringify(unknown.record)).toBe(
      '{"version":1,"contextId":"x","label":"","kind":"future","payload":2}',
    );
  });
});

describe('the legacy upgrade as T3 upgrades', () => {
  it('keeps the text when an element tag name has surrounding whitespace (the record as built is invalid)', () => {
    const text = '<element_context>\n- < hello>:\n  url: http://localhost/\n</element_context>';
    expect(upgradeLegacyMessage(text)).toEqual({ text, records: [] });
    const trailing = '<element_context>\n- <hello >:\n</element_context>';
    expect(upgradeLegacyMessage(trailing)).toEqual({ text: trailing, records: [] });
    const nested =
      '<preview_annotation>\nPage: http://x/\n<element_context>\n- < a>:\n</element_context>\n</preview_annotation>';
    expect(upgradeLegacyMessage(nested)).toEqual({ text: nested, records: [] });
  });

  it('returns the records as T3 builds them: `kind` before `label`', () => {
    const { records } = upgradeLegacyMessage(
      'x\n\n<element_context>\n- <hello>:\n  url: http://localhost/\n</element_context>\n\n<review_comment sectionId="s" filePath="a.ts" startIndex="1" endIndex="2">\nWhy?\n</review_comment>',
    );
    expect(records.map((record) => JSON.stringify(record))).toEqual([
      '{"version":1,"contextId":"legacy_element_1","kind":"element","label":"<hello>","pageUrl":"http://localhost/","pageTitle":null,"tagName":"hello","selector":null,"htmlPreview":"","componentName":null,"source":null,"styles":""}',
      '{"version":1,"contextId":"legacy_review-comment_1","kind":"review-comment","label":"a.ts line","sectionId":"s","sectionTitle":"Review","filePath":"a.ts","startIndex":1,"endIndex":2,"rangeLabel":"line","text":"Why?","diff":"","fenceLanguage":"diff"}',
    ]);
  });
});

describe('the legacy serializer as T3 serializes', () => {
  const element: ContextRecord = {
    version: 1,
    contextId: 'e_1',
    label: 'hello',
    kind: 'element',
    pageUrl: '',
    pageTitle: null,
    tagName: 'hello',
    selector: null,
    htmlPreview: '',
    componentName: null,
    source: null,
    styles: '',
  };

  it('ends an element entry without fields with an empty line', () => {
    expect(serializeLegacyMessage({ text: '', records: [element] })).toBe(
      '<element_context>\n- <hello>:\n\n</element_context>',
    );
    const preview: ContextRecord = {
      version: 1,
      contextId: 'p_1',
      label: 'P',
      kind: 'preview-annotation',
      annotationId: 'a',
      pageUrl: 'http://x/',
      pageTitle: null,
      comment: '',
      targetSummary: '',
      styleChanges: [],
      elements: [element as Extract<ContextRecord, { kind: 'element' }>],
    };
    expect(serializeLegacyMessage({ text: '', records: [preview] })).toContain(
      '<element_context>\n- <hello>:\n\n</element_context>\n</preview_annotation>',
    );
  });

  it('always trims the end of the text, with no records too', () => {
    expect(serializeLegacyMessage({ text: '\ufeff', records: [] })).toBe('');
    expect(serializeLegacyMessage({ text: 'Hi \n', records: [] })).toBe('Hi');
  });
});
