import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeLegacyMessage } from '../../src/core/legacy/serialize.js';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';
import { collectContextReferences, formatContextReference } from '../../src/core/references.js';
import type {
  ContextRecord,
  ElementContextDetails,
  ElementContextRecord,
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from '../../src/core/types.js';
import {
  terminalFields,
  elementFields,
  previewFields,
  reviewFields,
  legacyMessage,
  ref,
} from './legacy-arbitraries.js';

const terminal = (overrides: Partial<TerminalContextRecord> = {}): TerminalContextRecord => ({
  version: 1,
  contextId: 'term_1',
  kind: 'terminal',
  label: 'Terminal 1',
  terminalId: 'term-1',
  terminalLabel: 'Terminal 1',
  lineStart: 3,
  lineEnd: 4,
  text: 'npm test\n\nok',
  ...overrides,
});

const elementDetails = (overrides: Partial<ElementContextDetails> = {}): ElementContextDetails => ({
  pageUrl: 'http://localhost:3000/checkout',
  pageTitle: null,
  tagName: 'button',
  selector: '#pay',
  htmlPreview: '<button>\n\n  Pay\n</button>',
  componentName: 'PayButton',
  source: { functionName: 'Pay', fileName: 'src/Pay.tsx', lineNumber: 3, columnNumber: 9 },
  styles: 'color: red;',
  ...overrides,
});

const element = (overrides: Partial<ElementContextRecord> = {}): ElementContextRecord => ({
  version: 1,
  contextId: 'el_1',
  kind: 'element',
  label: 'Pay button',
  ...elementDetails(),
  ...overrides,
});

const preview = (overrides: Partial<PreviewAnnotationContextRecord> = {}): PreviewAnnotationContextRecord => ({
  version: 1,
  contextId: 'pa_1',
  kind: 'preview-annotation',
  label: 'Checkout',
  annotationId: 'ann-1',
  pageUrl: 'http://localhost:3000/checkout',
  pageTitle: 'Checkout',
  comment: 'Bigger,\n\nplease',
  targetSummary: '1 selected element.',
  styleChanges: ['font-size: 12px → 20px'],
  ...overrides,
});

const reviewComment = (overrides: Partial<ReviewCommentContextRecord> = {}): ReviewCommentContextRecord => ({
  version: 1,
  contextId: 'rc_1',
  kind: 'review-comment',
  label: 'b.ts L4',
  sectionId: 'sec"1',
  sectionTitle: 'A & <B>',
  filePath: 'src/b.ts',
  startIndex: 4,
  endIndex: 6,
  rangeLabel: 'L4-6',
  text: 'Why?',
  diff: '+ const x = `a`;\n+ ````',
  fenceLanguage: 'ts',
  ...overrides,
});

describe('serializeLegacyMessage', () => {
  it('inlines a review block with its attributes in order, escaped, and a long enough fence', () => {
    const record = reviewComment();
    expect(serializeLegacyMessage({ text: `See ${ref(record)} now`, records: [record] })).toBe(
      'See <review_comment sectionId="sec&quot;1" sectionTitle="A &amp; &lt;B&gt;" filePath="src/b.ts" rangeLabel="L4-6" startIndex="4" endIndex="6">\n' +
        'Why?\n\n`````ts\n+ const x = `a`;\n+ ````\n`````\n</review_comment> now',
    );
    const plain = reviewComment({ diff: '', fenceLanguage: undefined });
    expect(serializeLegacyMessage({ text: ref(plain), records: [plain] })).toBe(
      '<review_comment sectionId="sec&quot;1" sectionTitle="A &amp; &lt;B&gt;" filePath="src/b.ts" rangeLabel="L4-6" startIndex="4" endIndex="6">\nWhy?\n</review_comment>',
    );
    const noLanguage = reviewComment({ diff: '- a', fenceLanguage: undefined });
    expect(serializeLegacyMessage({ text: ref(noLanguage), records: [noLanguage] })).toContain(
      'Why?\n\n```diff\n- a\n```\n',
    );
  });

  it('writes terminals as @slug:range and appends every terminal in one block', () => {
    const first = terminal();
    const second = terminal({
      contextId: 'term_2',
      terminalLabel: 'Build  Log',
      lineStart: 7,
      lineEnd: 7,
      text: 'done\nextra',
    });
    expect(serializeLegacyMessage({ text: `Run ${ref(first)} please  \n`, records: [first, second] })).toBe(
      'Run @terminal-1:3-4 please\n\n<terminal_context>\n- Terminal 1 lines 3-4:\n  3 | npm test\n  4 | \n- Build  Log line 7:\n  7 | done\n</terminal_context>',
    );
  });

  it('writes element and preview records as labels and appends their blocks even when unreferenced', () => {
    const el = element();
    const pa = preview({
      elements: [elementDetails({ componentName: null, tagName: 'div', source: null, htmlPreview: '', styles: '' })],
    });
    const output = serializeLegacyMessage({ text: `Fix ${ref(el)}`, records: [el, pa] });
    expect(output).toBe(
      [
        'Fix Pay button',
        '<element_context>\n- <PayButton>:\n  url: http://localhost:3000/checkout\n  selector: #pay\n  source: src/Pay.tsx:3:9\n  html:\n    <button>\n\n      Pay\n    </button>\n  styles:\n    color: red;\n</element_context>',
        '<preview_annotation>\nId: ann-1\nPage: http://localhost:3000/checkout\nComment: Bigger,\n\nplease\nTargets: 1 selected element.\nRequested visual changes:\n- font-size: 12px → 20px\n<element_context>\n- <div>:\n  url: http://localhost:3000/checkout\n  selector: #pay\n</element_context>\n</preview_annotation>',
      ].join('\n\n'),
    );
  });

  it('writes other kinds as their plain labels and leaves references without a record as links', () => {
    const file: ContextRecord = {
      version: 1,
      contextId: 'f_1',
      kind: 'file',
      label: 'notes.txt',
      attachmentId: 'att_1',
      name: 'notes.txt',
      mimeType: 'text/plain',
      sizeBytes: 3,
    };
    const unlabeled: ContextRecord = { version: 1, contextId: 's_1', kind: 'skill', label: '', name: 'deploy' };
    const missing = '[gone](t3-context://v1/terminal/nope)';
    expect(
      serializeLegacyMessage({
        text: `${ref(file)} ${formatContextReference({ ...unlabeled, label: 'Deploy' })} ${missing}`,
        records: [file, unlabeled],
      }),
    ).toBe(`notes.txt Deploy ${missing}`);
  });

  it('appends unreferenced reviews after the other blocks, ignores undecodable records and trims the end of text', () => {
    const unreferenced = reviewComment({ diff: '' });
    const pa = preview({ comment: '', targetSummary: '', styleChanges: [] });
    expect(serializeLegacyMessage({ text: 'Just text  ', records: [unreferenced, pa] })).toBe(
      'Just text\n\n<preview_annotation>\nId: ann-1\nPage: http://localhost:3000/checkout\n</preview_annotation>\n\n' +
        '<review_comment sectionId="sec&quot;1" sectionTitle="A &amp; &lt;B&gt;" filePath="src/b.ts" rangeLabel="L4-6" startIndex="4" endIndex="6">\nWhy?\n</review_comment>',
    );
    // Of records sharing an id the first is used: a referenced id appends nothing.
    const skillRecord: ContextRecord = {
      version: 1,
      contextId: 'rc_1',
      kind: 'skill',
      label: 'Deploy',
      name: 'deploy',
    };
    expect(serializeLegacyMessage({ text: ref(skillRecord), records: [skillRecord, unreferenced] })).toBe('Deploy');
    expect(serializeLegacyMessage({ text: 'Just text  ', records: [] })).toBe('Just text');
    const broken = { ...terminal(), lineEnd: 1 } as TerminalContextRecord;
    expect(serializeLegacyMessage({ text: `x ${ref(broken)}`, records: [broken] })).toBe(`x ${ref(broken)}`);
    expect(serializeLegacyMessage({ text: 'x', records: null as unknown as ContextRecord[] })).toBe('x');
  });

  it('omits a column without a line number', () => {
    const el = element({ source: { functionName: null, fileName: 'a.ts', lineNumber: null, columnNumber: 4 } });
    expect(serializeLegacyMessage({ text: '', records: [el] })).toContain('  source: a.ts\n');
  });
});

describe('serializeLegacyMessage → upgradeLegacyMessage', () => {
  it('round-trips a message with every legacy kind', () => {
    const records: ContextRecord[] = [
      terminal({ lineEnd: 5, text: 'npm test\n\nok' }),
      element({ pageTitle: null }),
      preview({
        pageTitle: null,
        elements: [elementDetails({ pageTitle: null, componentName: null, tagName: 'div' })],
      }),
      reviewComment({ text: 'Why?\n\n```\nnot the diff\n```', diff: '</review_comment>\n+ ````' }),
    ];
    const [term, el, pa, rc] = records as [
      TerminalContextRecord,
      ElementContextRecord,
      PreviewAnnotationContextRecord,
      ReviewCommentContextRecord,
    ];
    const text = `Run ${ref(term)} then ${ref(rc)} and fix ${ref(el)}.`;
    const upgraded = upgradeLegacyMessage(serializeLegacyMessage({ text, records }));
    expect(upgraded.text).toBe(
      `Run [Terminal 1 lines 3-5](t3-context://v1/terminal/legacy_terminal_1) then [b.ts L4-6](t3-context://v1/review-comment/legacy_review-comment_1) and fix Pay button.\n\n` +
        '[<PayButton>](t3-context://v1/element/legacy_element_1) [http://localhost:3000/checkout](t3-context://v1/preview-annotation/legacy_preview-annotation_1)',
    );
    const [t, e, p, r] = upgraded.records as [
      TerminalContextRecord,
      ElementContextRecord,
      PreviewAnnotationContextRecord,
      ReviewCommentContextRecord,
    ];
    expect(t).toMatchObject({ terminalLabel: term.terminalLabel, lineStart: 3, lineEnd: 5, text: term.text });
    // The legacy header carries one name: the tag name is derived from the component name.
    expect(elementFields(e)).toEqual({
      ...elementFields(el),
      tagName: 'paybutton',
      source: { ...el.source!, functionName: null },
    });
    expect(p).toMatchObject({
      annotationId: pa.annotationId,
      pageUrl: pa.pageUrl,
      pageTitle: null,
      comment: pa.comment,
      targetSummary: pa.targetSummary,
      styleChanges: pa.styleChanges,
    });
    expect(p.elements).toEqual(
      pa.elements!.map((details) => ({
        ...details,
        source: details.source && { ...details.source, functionName: null },
      })),
    );
    expect(reviewFields(r)).toEqual(reviewFields(rc));
  });

  it('round-trips generated terminal, element, preview and review records', () => {
    fc.assert(
      fc.property(legacyMessage, ({ text, records }) => {
        const serialized = serializeLegacyMessage({ text, records });
        const upgraded = upgradeLegacyMessage(serialized);
        const byKind = (list: readonly ContextRecord[], kind: string) => list.filter((record) => record.kind === kind);
        expect(upgraded.records).toHaveLength(records.length);

        const terminals = byKind(records, 'terminal') as TerminalContextRecord[];
        expect((byKind(upgraded.records, 'terminal') as TerminalContextRecord[]).map(terminalFields)).toEqual(
          terminals.map(terminalFields),
        );
        const elements = byKind(records, 'element') as ElementContextRecord[];
        expect((byKind(upgraded.records, 'element') as ElementContextRecord[]).map(elementFields)).toEqual(
          elements.map(elementFields),
        );
        const previews = byKind(records, 'preview-annotation') as PreviewAnnotationContextRecord[];
        expect(
          (byKind(upgraded.records, 'preview-annotation') as PreviewAnnotationContextRecord[]).map(previewFields),
        ).toEqual(previews.map(previewFields));
        const reviews = byKind(records, 'review-comment') as ReviewCommentContextRecord[];
        expect((byKind(upgraded.records, 'review-comment') as ReviewCommentContextRecord[]).map(reviewFields)).toEqual(
          reviews.map(reviewFields),
        );

        // Every record is referenced exactly once; reviews stay where they were, in text order.
        const ids = collectContextReferences(upgraded.text).map((occurrence) => occurrence.contextId);
        expect([...ids].sort()).toEqual(upgraded.records.map((record) => record.contextId).sort());
        const reviewIds = ids.filter((id) => id.startsWith('legacy_review-comment_'));
        expect(reviewIds).toEqual(reviews.map((_, index) => `legacy_review-comment_${index + 1}`));
        expect(upgradeLegacyMessage(upgraded.text)).toEqual({ text: upgraded.text, records: [] });
      }),
      { numRuns: 300 },
    );
  });
});
