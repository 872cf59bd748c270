import { describe, expect, it } from 'vitest';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';
import type {
  PreviewAnnotationContextRecord,
  ReviewCommentContextRecord,
  TerminalContextRecord,
} from '../../src/core/types.js';
import {
  link,
  terminalBlock,
  previewBlock,
  review,
  REVIEW_ATTRIBUTES,
  expectIdempotent,
  expectUnchanged,
} from './legacy-upgrade-fixtures.js';

describe('upgradeLegacyMessage: preview annotations', () => {
  it('reads a URL page, comment, targets, style changes and the screenshot sentence', () => {
    const block = previewBlock(
      'Preview annotation:',
      'Id: ann-1',
      'Page: https://example.com/checkout',
      'Comment: Make it bigger',
      'Targets: 1 selected element.',
      'Requested visual changes:',
      '- font-size: 12px → 20px',
      '- color: red → blue',
      'The attached screenshot is the annotated preview crop.',
    );
    const { text, records } = expectIdempotent(`Please\n\n${block}`);
    expect(text).toBe(`Please\n\n${link('preview-annotation', 1, 'https://example.com/checkout')}`);
    expect(records).toEqual<PreviewAnnotationContextRecord[]>([
      {
        version: 1,
        contextId: 'legacy_preview-annotation_1',
        kind: 'preview-annotation',
        label: 'https://example.com/checkout',
        annotationId: 'ann-1',
        pageUrl: 'https://example.com/checkout',
        pageTitle: null,
        comment: 'Make it bigger',
        targetSummary: '1 selected element.',
        styleChanges: ['font-size: 12px → 20px', 'color: red → blue'],
      },
    ]);
  });

  it('reads a title page, a multi-line comment and nested elements', () => {
    const block = previewBlock(
      'Preview annotation:',
      'Id: ann-2',
      'Page: Checkout',
      'Comment: first line',
      '',
      '  <b>markup</b> and <preview_annotation> inside',
      'Targets: 2 selected elements.',
      'The attached screenshot is the annotated preview crop.',
      '<element_context>',
      '- <PayButton>:',
      '  url: http://localhost:3000/checkout',
      '  selector: #pay',
      '  source: Pay.tsx:3',
      '- <div>:',
      '  url: http://localhost:3000/other',
      '</element_context>',
      '<element_context>',
      '',
      '</element_context>',
    );
    const { records } = expectIdempotent(block);
    const preview = records[0] as PreviewAnnotationContextRecord;
    expect(preview.label).toBe('Checkout');
    expect(preview.pageTitle).toBe('Checkout');
    expect(preview.pageUrl).toBe('http://localhost:3000/checkout');
    expect(preview.comment).toBe('first line\n\n  <b>markup</b> and <preview_annotation> inside');
    expect(preview.targetSummary).toBe('2 selected elements.');
    expect(preview.styleChanges).toEqual([]);
    expect(preview.elements).toEqual([
      {
        pageUrl: 'http://localhost:3000/checkout',
        pageTitle: null,
        tagName: 'paybutton',
        selector: '#pay',
        htmlPreview: '',
        componentName: 'PayButton',
        source: { functionName: null, fileName: 'Pay.tsx', lineNumber: 3, columnNumber: null },
        styles: '',
      },
      {
        pageUrl: 'http://localhost:3000/other',
        pageTitle: null,
        tagName: 'div',
        selector: null,
        htmlPreview: '',
        componentName: null,
        source: null,
        styles: '',
      },
    ]);
  });

  it('uses defaults for a bare preview and peels adjacent previews separately, in order', () => {
    const { text, records } = expectIdempotent(`${previewBlock('Page: One')}\n${previewBlock('Id: b')}`);
    expect(text).toBe(`${link('preview-annotation', 1, 'One')} ${link('preview-annotation', 2, 'Preview annotation')}`);
    expect(records.map((record) => record.label)).toEqual(['One', 'Preview annotation']);
    expect((records[1] as PreviewAnnotationContextRecord).pageTitle).toBeNull();
    expect('elements' in records[1]!).toBe(false);
  });

  it('aborts when a nested element block does not parse', () => {
    expectUnchanged(previewBlock('Page: P', '<element_context>', 'junk', '</element_context>'));
    expectUnchanged(previewBlock('Page: P', '<element_context>', '- div:', '</element_context>'));
  });

  it('fails the atomic check for an over-limit comment', () => {
    expectUnchanged(previewBlock(`Comment: ${'c'.repeat(8_001)}`));
  });
});

describe('upgradeLegacyMessage: review comments', () => {
  it('replaces an inline review in place with unescaped attributes and min/max indices', () => {
    const attributes =
      'sectionId=" s&amp;1 " sectionTitle=" &lt;Changes&gt; " filePath="src\\dir/a &quot;b&quot;.ts" startIndex="9" endIndex="3" rangeLabel=" L3-9 "';
    const body = 'Why is this &amp; here?\n\n```ts\n- old\n+ new\n```';
    const { text, records } = expectIdempotent(`Before ${review(attributes, body)} after`);
    expect(text).toBe(`Before ${link('review-comment', 1, 'a "b".ts L3-9')} after`);
    expect(records).toEqual<ReviewCommentContextRecord[]>([
      {
        version: 1,
        contextId: 'legacy_review-comment_1',
        kind: 'review-comment',
        label: 'a "b".ts L3-9',
        sectionId: 's&1',
        sectionTitle: '<Changes>',
        filePath: 'src\\dir/a "b".ts',
        startIndex: 3,
        endIndex: 9,
        rangeLabel: 'L3-9',
        text: 'Why is this &amp; here?',
        diff: '- old\n+ new',
        fenceLanguage: 'ts',
      },
    ]);
  });

  it('defaults rangeLabel, sectionTitle and fenceLanguage, and takes the last fence', () => {
    const body = 'see\n```\nnot the diff\n```\nthen\n```\n+ the diff\n```';
    const { records } = upgradeLegacyMessage(review('sectionId="s" filePath="a.ts" startIndex="1" endIndex="1"', body));
    expect(records[0]).toMatchObject({
      label: 'a.ts line',
      rangeLabel: 'line',
      sectionTitle: 'Review',
      text: 'see\n```\nnot the diff\n```\nthen',
      diff: '+ the diff',
      fenceLanguage: 'diff',
    });
  });

  it('tracks fences longer than three backticks and ignores a closing tag inside a fence', () => {
    const body = 'Look:\n\n`````diff\n````\n</review_comment>\n```js\n````\n`````';
    const { text, records } = expectIdempotent(`A ${review(REVIEW_ATTRIBUTES, body)} B`);
    expect(text).toBe(`A ${link('review-comment', 1, 'a.ts L2-4')} B`);
    expect(records[0]).toMatchObject({
      text: 'Look:',
      diff: '````\n</review_comment>\n```js\n````',
      fenceLanguage: 'diff',
    });
  });

  it('closes a fence only with an equal or longer bare backtick line', () => {
    // ```` opens; ``` is too short and ````x has an info string, so the first tag is fenced.
    const body = '````\n```\n````x\n</review_comment>\n````';
    const { records } = upgradeLegacyMessage(`${review(REVIEW_ATTRIBUTES, body)}`);
    expect(records).toHaveLength(1);
    // The diff is read like T3's fence pattern: the first later line starting with as many backticks ends it.
    expect(records[0]).toMatchObject({ text: '', diff: '```' });
  });

  it('keeps review-shaped text inside terminal, element and preview blocks', () => {
    const inner = review(REVIEW_ATTRIBUTES, 'not a review');
    const block = terminalBlock(
      `- T line 1:\n  1 | x\n${inner
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n')}`,
    );
    const { records } = expectIdempotent(`Hi\n\n${block}`);
    expect(records).toHaveLength(1);
    expect((records[0] as TerminalContextRecord).text).toContain('<review_comment sectionId="s1"');

    const oneLine = inner.replaceAll('\n', ' ');
    const preview = previewBlock('Page: P', `Comment: ${oneLine}`);
    const upgraded = expectIdempotent(`Hi\n${preview}`);
    expect(upgraded.records.map((record) => record.kind)).toEqual(['preview-annotation']);
    expect((upgraded.records[0] as PreviewAnnotationContextRecord).comment).toBe(oneLine);
  });

  it('keeps an invalid review as text and numbers only produced records', () => {
    const invalid = [
      review('sectionId="s" startIndex="1" endIndex="2"', 'no file'),
      review('sectionId="  " filePath="a.ts" startIndex="1" endIndex="2"', 'blank section'),
      review('sectionId="s" filePath="a.ts" startIndex="-1" endIndex="2"', 'negative'),
      review('sectionId="s" filePath="a.ts" startIndex=" 1" endIndex="2"', 'spaced index'),
      review('sectionId="s" filePath="a.ts" startIndex="1"', 'no end'),
      review(`sectionId="s" filePath="a.ts" startIndex="1" endIndex="2" rangeLabel="${'r'.repeat(2_049)}"`, 'too long'),
      review('sectionId="s" filePath="a.ts" startIndex="1" endIndex="2"', 't'.repeat(16_001)),
    ];
    for (const block of invalid) {
      const text = `${block} then ${review(REVIEW_ATTRIBUTES, 'ok')}`;
      const { text: upgraded, records } = expectIdempotent(text);
      expect(upgraded).toBe(`${block} then ${link('review-comment', 1, 'a.ts L2-4')}`);
      expect(records.map((record) => record.contextId)).toEqual(['legacy_review-comment_1']);
    }
  });

  it('stops at an unclosed review: it and everything after it stay text', () => {
    const text = `${review(REVIEW_ATTRIBUTES, 'one')} <review_comment ${REVIEW_ATTRIBUTES}>\nopen\n\`\`\`\n</review_comment>\n${review(REVIEW_ATTRIBUTES, 'three')}`;
    const { text: upgraded, records } = expectIdempotent(text);
    expect(records).toHaveLength(1);
    expect(upgraded).toBe(
      `${link('review-comment', 1, 'a.ts L2-4')} ${text.slice(text.indexOf(' <review_comment') + 1)}`,
    );
  });

  it('peels trailing reviews only after a trailing block', () => {
    const r1 = review(REVIEW_ATTRIBUTES, 'one');
    const r2 = review('sectionId="s" filePath="b.ts" startIndex="1" endIndex="1"', 'two');
    const chip1 = link('review-comment', 1, 'a.ts L2-4');
    const chip2 = link('review-comment', 2, 'b.ts line');
    // Without a trailing block the reviews stay inline with their spacing.
    expect(upgradeLegacyMessage(`Compare ${r1}  ${r2}`).text).toBe(`Compare ${chip1}  ${chip2}`);
    expect(upgradeLegacyMessage(`Compare\n\n${r1}\n\n${r2}\n`).text).toBe(`Compare\n\n${chip1}\n\n${chip2}`);
    // After a trailing block they were appended by the old send path and come last.
    const { text, records } = expectIdempotent(
      `Do it \uFFFC\n\n${terminalBlock('- T line 1:\n  1 | x')}\n\n${r1}\n\n${r2}\n`,
    );
    expect(text).toBe(`Do it ${link('terminal', 1, 'T line 1')}\n\n${chip1} ${chip2}`);
    expect(records.map((record) => record.contextId)).toEqual([
      'legacy_terminal_1',
      'legacy_review-comment_1',
      'legacy_review-comment_2',
    ]);
  });
});
