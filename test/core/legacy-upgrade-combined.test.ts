import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';
import type { PreviewAnnotationContextRecord } from '../../src/core/types.js';
import {
  link,
  terminalBlock,
  elementBlock,
  previewBlock,
  review,
  REVIEW_ATTRIBUTES,
  expectIdempotent,
  expectUnchanged,
} from './legacy-upgrade-fixtures.js';

describe('upgradeLegacyMessage: combined messages', () => {
  it('numbers placeholders in the text as it reads with review links in, even one inside a link label', () => {
    const review =
      '<review_comment sectionId="s" filePath="x\uFFFCy.ts" startIndex="1" endIndex="2">hi</review_comment>';
    const block = terminalBlock('- T1 line 1:\n  1 | a', '- T2 line 2:\n  2 | b', '- T3 line 3:\n  3 | c');
    const { text, records } = upgradeLegacyMessage(`a \uFFFC b ${review} c \uFFFC d\n\n${block}`);
    expect(records.map((record) => record.contextId)).toEqual([
      'legacy_terminal_1',
      'legacy_terminal_2',
      'legacy_terminal_3',
      'legacy_review-comment_1',
    ]);
    const t = (n: number) => link('terminal', n, `T${n} line ${n}`);
    expect(text).toBe(
      `a ${t(1)} b [x${t(2)}y.ts line](t3-context://v1/review-comment/legacy_review-comment_1) c ${t(3)} d`,
    );
  });

  it('upgrades every kind in send order with records ordered by kind', () => {
    const text = [
      `Start ${review(REVIEW_ATTRIBUTES, 'inline')} and \uFFFC.`,
      terminalBlock('- Terminal 1 line 2:\n  2 | $ ls', '- Terminal 2 line 3:\n  3 | $ pwd'),
      elementBlock('- <Nav>:', '  url: http://a'),
      previewBlock('Id: p', 'Page: https://a/'),
      review('sectionId="s" filePath="z.ts" startIndex="1" endIndex="1"', 'trailing'),
    ].join('\n\n');
    const { text: upgraded, records } = expectIdempotent(text);
    expect(upgraded).toBe(
      `Start ${link('review-comment', 1, 'a.ts L2-4')} and ${link('terminal', 1, 'Terminal 1 line 2')}.\n\n` +
        [
          link('terminal', 2, 'Terminal 2 line 3'),
          link('element', 1, '<Nav>'),
          link('preview-annotation', 1, 'https://a/'),
          link('review-comment', 2, 'z.ts line'),
        ].join(' '),
    );
    expect(records.map((record) => record.contextId)).toEqual([
      'legacy_terminal_1',
      'legacy_terminal_2',
      'legacy_element_1',
      'legacy_preview-annotation_1',
      'legacy_review-comment_1',
      'legacy_review-comment_2',
    ]);
  });

  it('is deterministic', () => {
    const text = `x \uFFFC\n\n${terminalBlock('- T line 1:\n  1 | a')}\n\n${previewBlock('Page: P')}`;
    expect(upgradeLegacyMessage(text)).toEqual(upgradeLegacyMessage(text));
  });

  it('fails the atomic check with more than 200 records', () => {
    const entries = (count: number) => Array.from({ length: count }, (_, i) => `- T line ${i}:\n  ${i} | x`);
    expect(upgradeLegacyMessage(`x\n\n${terminalBlock(...entries(200))}`).records).toHaveLength(200);
    expectUnchanged(`x\n\n${terminalBlock(...entries(201))}`);
    const reviews = (count: number) => Array.from({ length: count }, () => review(REVIEW_ATTRIBUTES, 'r')).join(' ');
    expect(upgradeLegacyMessage(reviews(200)).records).toHaveLength(200);
    expectUnchanged(reviews(201));
    expectUnchanged(`${reviews(150)}\n\n${terminalBlock(...entries(51))}`);
  });

  it('puts a review swallowed by a peeled block back into that block', () => {
    const inner = review(REVIEW_ATTRIBUTES, 'kept as written').replaceAll('\n', ' ');
    // The preview does not open at a line start, so the review scan cannot skip it.
    const text = `Hi <preview_annotation>\nComment: ${inner}\n</preview_annotation>`;
    const { text: upgraded, records } = expectIdempotent(text);
    expect(upgraded).toBe(`Hi\n\n${link('preview-annotation', 1, 'Preview annotation')}`);
    expect(records).toHaveLength(1);
    expect((records[0] as PreviewAnnotationContextRecord).comment).toBe(inner);
  });

  it('refuses a result that would upgrade again', () => {
    // Dropping the placeholder would assemble a terminal block that a second pass would peel.
    expectUnchanged(`<terminal_context\uFFFC>\n- T line 1:\n  1 | x\n</terminal_context>`);
    // A header holding U+FFFC gives the link `[\uFFFC line 0](…)`, whose placeholder a second pass would drop.
    expectUnchanged('<terminal_context>\n- \uFFFC line 0:\n  0 | x\n</terminal_context>');
  });
});

describe('upgradeLegacyMessage: robustness', () => {
  const vocabulary = fc.constantFrom(
    '<terminal_context>',
    '</terminal_context>',
    '<element_context>',
    '</element_context>',
    '<preview_annotation>',
    '</preview_annotation>',
    `<review_comment ${REVIEW_ATTRIBUTES}>`,
    '<review_comment filePath="x" sectionId="y" startIndex="3" endIndex="1">',
    '<review_comment bad>',
    '</review_comment>',
    '\n',
    '\n\n',
    '  ',
    ' ',
    '- T line 1:',
    '- Term 2 lines 3-4:',
    '- <Button>:',
    '- <div> x:',
    '  1 | a',
    '  url: http://a',
    '  html:',
    '    <p>',
    '  source: a.ts:1:2',
    'Id: p',
    'Page: Title',
    'Page: https://x',
    'Comment: c',
    'Targets: t.',
    'Requested visual changes:',
    '- a: 1 → 2',
    '```',
    '````ts',
    '@t:1',
    '@term-2:3-4',
    '.',
    'x',
    '\uFFFC',
    '\uE000',
    '\r',
  );
  const legacyish = fc
    .array(fc.oneof(vocabulary, fc.string({ maxLength: 3 })), { maxLength: 30 })
    .map((parts) => parts.join(''));

  it('never throws and is idempotent on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), legacyish), (text) => {
        const once = upgradeLegacyMessage(text);
        expect(upgradeLegacyMessage(once.text)).toEqual({ text: once.text, records: [] });
        if (once.records.length === 0) expect(once.text).not.toContain('](t3-context://v1/legacy');
      }),
      { numRuns: 3000 },
    );
  });

  it('finishes on 1 MB of `<review_comment `', () => {
    const text = '<review_comment '.repeat(65_536);
    expect(upgradeLegacyMessage(text)).toEqual({ text: text.trimEnd(), records: [] });
  });

  it('finishes on 1 MB of `<terminal_context>\\n`', () => {
    const text = '<terminal_context>\n'.repeat(55_189);
    expect(upgradeLegacyMessage(text)).toEqual({ text: text.trimEnd(), records: [] });
  });

  it('finishes on other large adversarial inputs', () => {
    const fences = `${review(REVIEW_ATTRIBUTES, Array.from({ length: 1_000 }, (_, i) => '`'.repeat(1_003 - i)).join('\n'))}`;
    expect(upgradeLegacyMessage(fences).records).toHaveLength(0); // the first fence never closes
    const letters = `<review_comment ${'a'.repeat(1_000_000)}>x</review_comment>`;
    expectUnchanged(letters);
    const closings = `<preview_annotation>\n${'\n</preview_annotation>'.repeat(40_000)}`;
    expectUnchanged(closings);
    const labels = `${'@t:1'.repeat(200_000)}.\n\n${terminalBlock('- T line 1:\n  1 | x')}`;
    expect(upgradeLegacyMessage(labels).text.endsWith(`.\n\n${link('terminal', 1, 'T line 1')}`)).toBe(true);
  });
});
