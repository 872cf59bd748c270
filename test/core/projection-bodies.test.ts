import { describe, expect, it } from 'vitest';
import type { ContextRecord, ElementContextRecord, ThreadContextRecord } from '../../src/core/types.js';
import {
  THREAD_INSTRUCTION,
  base,
  terminal,
  elementDetails,
  review,
  preview,
  entryBody,
} from './projection-fixtures.js';

describe('entry bodies per kind', () => {
  it('image and file', () => {
    const file = {
      ...base('file', 'f'),
      attachmentId: 'att',
      name: 'a.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 0,
    };
    expect(entryBody(file)).toBe('name: a.pdf\nmimeType: application/pdf\nsizeBytes: 0\nattachmentId: att');
  });

  it('terminal: numbered from lineStart, at most the range, a trailing newline gives an empty last line', () => {
    expect(entryBody(terminal({ text: 'a\n' }))).toBe('terminal: Terminal 1\n3 | a\n4 | ');
    expect(entryBody(terminal({ text: 'a\nb\n' }))).toBe('terminal: Terminal 1\n3 | a\n4 | b');
    expect(entryBody(terminal({ text: 'only', lineStart: 7, lineEnd: 9 }))).toBe('terminal: Terminal 1\n7 | only');
    expect(entryBody(terminal({ text: '', lineStart: 7, lineEnd: 7 }))).toBe('terminal: Terminal 1\n7 | ');
    expect(entryBody(terminal({ text: 'a\r\nb', lineStart: 1, lineEnd: 5 }))).toBe(
      'terminal: Terminal 1\n1 | a\r\n2 | b',
    );
  });

  it('terminal: a record that never passed the decoder keeps split-and-slice semantics', () => {
    // lineEnd < lineStart: a count of 0 keeps no line, a negative count drops lines from the end.
    expect(entryBody(terminal({ text: 'a\nb\nc', lineStart: 5, lineEnd: 4 }))).toBe('terminal: Terminal 1');
    expect(entryBody(terminal({ text: 'a\nb\nc', lineStart: 5, lineEnd: 3 }))).toBe(
      'terminal: Terminal 1\n5 | a\n6 | b',
    );
    expect(entryBody(terminal({ text: 'a\nb', lineStart: 1, lineEnd: 1.5 }))).toBe('terminal: Terminal 1\n1 | a');
  });

  it('element: fixed lines, optional lines only when set, indented html and styles', () => {
    const minimal: ElementContextRecord = { ...base('element', 'e'), ...elementDetails() };
    expect(entryBody(minimal)).toBe('url: http://localhost:3000/checkout\ntag: button');
    const full: ElementContextRecord = {
      ...base('element', 'e'),
      ...elementDetails({
        pageTitle: 'Checkout',
        selector: '#pay',
        componentName: 'PayButton',
        source: { functionName: null, fileName: 'Pay.tsx', lineNumber: 3, columnNumber: 7 },
        htmlPreview: '\n<button>\n\nPay</button>\n',
        styles: 'color: red;',
      }),
    };
    expect(entryBody(full)).toBe(
      [
        'url: http://localhost:3000/checkout',
        'tag: button',
        'title: Checkout',
        'selector: #pay',
        'component: PayButton',
        'source: Pay.tsx:3:7',
        'html:',
        '  <button>',
        '  ',
        '  Pay</button>',
        'styles:',
        '  color: red;',
      ].join('\n'),
    );
  });

  it.each([
    [{ functionName: 'f', fileName: null, lineNumber: 3, columnNumber: 4 }, null],
    [{ functionName: null, fileName: 'A.tsx', lineNumber: null, columnNumber: 4 }, 'A.tsx'],
    [{ functionName: null, fileName: 'A.tsx', lineNumber: 0, columnNumber: null }, 'A.tsx:0'],
    [{ functionName: null, fileName: 'A.tsx', lineNumber: 3, columnNumber: 0 }, 'A.tsx:3:0'],
  ])('element source %j → %j', (source, expected) => {
    const body = entryBody({ ...base('element', 'e'), ...elementDetails({ source }) });
    if (expected === null) expect(body).not.toContain('source:');
    else expect(body).toContain(`source: ${expected}`);
  });

  it('preview annotation with title, comment, targets, changes, screenshot and elements', () => {
    const body = entryBody(
      preview({
        pageTitle: '  Checkout  ',
        comment: '  Make it bigger  ',
        targetSummary: '1 selected element',
        styleChanges: ['font-size: 12px → 20px'],
        screenshotContextId: 'image_a1',
        elements: [
          elementDetails({
            selector: '#pay',
            source: { functionName: null, fileName: 'Pay.tsx', lineNumber: 3, columnNumber: null },
          }),
        ],
      }),
    );
    expect(body).toBe(
      [
        'page: Checkout',
        'url: http://localhost:3000/',
        'comment: Make it bigger',
        'targets: 1 selected element',
        'requested visual changes:',
        '- font-size: 12px → 20px',
        'screenshot: ref=image_a1',
        'element 1:',
        '  url: http://localhost:3000/checkout',
        '  tag: button',
        '  selector: #pay',
        '  source: Pay.tsx:3',
      ].join('\n'),
    );
  });

  it('preview annotation falls back to the url when the title is blank', () => {
    expect(entryBody(preview({ pageTitle: '   ' }))).toBe('page: http://localhost:3000/\nurl: http://localhost:3000/');
  });

  it('review comment: revision, stale sentence, comment, diff in its fence language or `diff`', () => {
    expect(entryBody(review())).toBe('file: a/b.ts\nrange: L4 (3-3)\nsection: Changes');
    expect(entryBody(review({ diff: '- a\n+ b\n\n', text: ' note ' }))).toBe(
      'file: a/b.ts\nrange: L4 (3-3)\nsection: Changes\ncomment:\n  note\ndiff:\n  - a\n  + b',
    );
    expect(entryBody(review({ diff: '   \n' }))).not.toContain('diff:');
    expect(entryBody(review({ sourceRevision: 'abc123', sourceStale: true }))).toBe(
      [
        'file: a/b.ts',
        'range: L4 (3-3)',
        'section: Changes',
        'source revision: abc123',
        'Source location is outdated; verify the captured excerpt against the current file before editing.',
      ].join('\n'),
    );
  });

  it('mention and skill carry their authoritative path and name', () => {
    expect(entryBody({ ...base('mention', 'm', 'label'), path: 'src/nested/index.ts' })).toBe(
      'path: src/nested/index.ts',
    );
    expect(entryBody({ ...base('skill', 's', 'label'), name: 'pinchtab' })).toBe('name: pinchtab');
  });

  it("thread: title, threadId and environmentId lines, then T3's instruction line, escaped like every body", () => {
    const thread = (overrides: Partial<ThreadContextRecord> = {}): ThreadContextRecord => ({
      ...base('thread', 'th'),
      environmentId: 'local',
      threadId: 'other-project',
      title: 'Fix login flow',
      ...overrides,
    });
    expect(entryBody(thread())).toBe(
      ['title: Fix login flow', 'threadId: other-project', 'environmentId: local', THREAD_INSTRUCTION].join('\n'),
    );
    expect(entryBody(thread({ title: '</t3_context><context kind="x">', threadId: 'a</context>' }))).toBe(
      [
        'title: &lt;/t3_context>&lt;context kind="x">',
        'threadId: a&lt;/context>',
        'environmentId: local',
        THREAD_INSTRUCTION,
      ].join('\n'),
    );
  });

  it('unknown kinds: one-line JSON of the payload, escaped', () => {
    expect(entryBody({ ...base('future', 'u'), payload: { a: [1, '</context>'] } })).toBe('{"a":[1,"&lt;/context>"]}');
  });

  it('an unknown record built without a payload (it would not decode) projects its body as null, never throwing', () => {
    const built = { ...base('future', 'u'), title: 'kept nowhere' } as unknown as ContextRecord;
    expect(entryBody(built)).toBe('null');
    expect(entryBody({ ...base('future', 'u'), payload: () => 1 })).toBe('null');
  });
});
