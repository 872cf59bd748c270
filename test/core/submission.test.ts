import { describe, expect, it } from 'vitest';
import type { InputReferenceAnnotation } from '../../src/core/annotations.js';
import { buildSubmission } from '../../src/core/submission.js';
import type { ContextRecord } from '../../src/core/types.js';
import {
  link,
  image,
  file,
  terminal,
  element,
  preview,
  review,
  mention,
  skill,
  hostKind,
  referenceAnnotations,
} from './submission-fixtures.js';

describe('buildSubmission', () => {
  it('serialises every kind and annotates each chip in the prompt', () => {
    const records = [
      image('img_1'),
      file('f_1'),
      terminal('t_1'),
      element('e_1'),
      preview('p_1'),
      review('r_1'),
      mention('m_1', 'src/space name.ts'),
      skill('s_1', 'pinchtab'),
      hostKind('dataset', 'dataset_users', { value: 'users', serialized: ' @dataset:users ', metadata: { rows: 3 } }),
      {
        version: 1,
        contextId: 'th_1',
        kind: 'thread',
        label: 'Later',
        environmentId: 'env',
        threadId: 'x',
        title: 'Later',
      },
    ] as ContextRecord[];
    const text = [
      'See',
      link('image', 'img_1', 'shot.png'),
      link('file', 'f_1', 'a.ts'),
      link('terminal', 't_1', 'T1'),
      link('element', 'e_1', 'div'),
      link('preview-annotation', 'p_1', 'Checkout'),
      link('review-comment', 'r_1', 'b.ts L4'),
      link('mention', 'm_1', '@src/space name.ts'),
      link('skill', 's_1', 'pinchtab'),
      link('dataset', 'dataset_users', 'users'),
      link('thread', 'th_1', 'later'),
    ].join(' ');

    const submission = buildSubmission({ text, records });

    expect(submission.text).toBe(text);
    expect(submission.prompt).toBe(
      'See [Image: shot.png; ref=img_1] [File: a.ts; ref=f_1] [Terminal: T1; ref=t_1] [Element: div; ref=e_1] ' +
        '[Preview annotation: Checkout; ref=p_1] [Review comment: b.ts L4; ref=r_1] @src/space\\ name.ts ' +
        '[Skill: pinchtab; ref=s_1] @dataset:users [Thread: later; ref=th_1]',
    );
    expect(submission.context).toEqual({ version: 1, records });
    const annotations = submission.inputAnnotations;
    expect(annotations).toHaveLength(10);
    for (const annotation of referenceAnnotations(annotations)) {
      expect(submission.prompt.slice(annotation.start, annotation.end)).toBe(annotation.text);
      expect(annotation.reference.serialized).toBe(annotation.text);
    }
    expect(annotations.map((a) => (a as InputReferenceAnnotation).reference.id)).toEqual(
      records.map((r) => r.contextId),
    );
    expect(annotations[6]).toEqual({
      type: 'reference',
      start: submission.prompt.indexOf('@src'),
      end: submission.prompt.indexOf('@src') + '@src/space\\ name.ts'.length,
      text: '@src/space\\ name.ts',
      reference: { id: 'm_1', kind: 'mention', label: '@src/space name.ts', serialized: '@src/space\\ name.ts' },
    });
    expect(annotations[8]).toMatchObject({
      text: '@dataset:users',
      reference: { id: 'dataset_users', kind: 'dataset', label: 'users' },
    });
  });

  it('puts the annotation on the chip, not on earlier identical plain text (Qwen #12980)', () => {
    const text = `literal @foo then ${link('mention', 'm_foo', '@foo')}`;
    const submission = buildSubmission({ text, records: [mention('m_foo', 'foo')] });
    expect(submission.prompt).toBe('literal @foo then @foo');
    expect(submission.inputAnnotations).toEqual([
      {
        type: 'reference',
        start: 18,
        end: 22,
        text: '@foo',
        reference: { id: 'm_foo', kind: 'mention', label: '@foo', serialized: '@foo' },
      },
    ]);
  });

  it('serialises a mention directory with its trailing slash', () => {
    const submission = buildSubmission({
      text: `look in ${link('mention', 'm_dir', 'src/')}`,
      records: [mention('m_dir', 'src/')],
    });
    expect(submission.prompt).toBe('look in @src/');
  });

  it('uses the provider marker for a host kind without a non-empty payload.serialized', () => {
    for (const payload of [undefined, null, 'x', {}, { serialized: '' }, { serialized: '   ' }, { serialized: 3 }]) {
      const submission = buildSubmission({
        text: link('dataset', 'd_1', 'users'),
        records: [hostKind('dataset', 'd_1', payload)],
      });
      expect(submission.prompt).toBe('[Dataset: users; ref=d_1]');
    }
  });

  it('ignores payload.serialized on known kinds', () => {
    const record = { ...file('f_1'), payload: { serialized: '@nope' } } as ContextRecord;
    expect(buildSubmission({ text: link('file', 'f_1', 'a.ts'), records: [record] }).prompt).toBe(
      '[File: a.ts; ref=f_1]',
    );
  });

  it('serialises a link without a record as the marker of its kind and label, and leaves it out of context', () => {
    const text = `a ${link('mention', 'gone', '@x')} b ${link('dataset', 'd_9', 'rows; [and] more')}`;
    const submission = buildSubmission({ text, records: [] });
    expect(submission.prompt).toBe('a [Mention: @x; ref=gone] b [Dataset: rows and more; ref=d_9]');
    expect(submission.context).toBeUndefined();
    expect(referenceAnnotations(submission.inputAnnotations).map((a) => a.reference)).toEqual([
      { id: 'gone', kind: 'mention', label: '@x', serialized: '[Mention: @x; ref=gone]' },
      { id: 'd_9', kind: 'dataset', label: 'rows; and more', serialized: '[Dataset: rows and more; ref=d_9]' },
    ]);
  });

  it('uses the record kind when the link disagrees, as the projection does', () => {
    const submission = buildSubmission({ text: link('file', 'm_1', 'a'), records: [mention('m_1', 'a.ts')] });
    expect(submission.prompt).toBe('@a.ts');
    expect(submission.inputAnnotations[0]).toMatchObject({ reference: { kind: 'mention', label: 'a' } });
  });

  it('falls back to the marker for a mention whose path escapes to nothing', () => {
    const submission = buildSubmission({
      text: link('mention', 'm_1', 'weird'),
      records: [mention('m_1', '\u200B\u202E')],
    });
    expect(submission.prompt).toBe('[Mention: weird; ref=m_1]');
  });

  it('keeps only referenced records, in first-reference order, once each; the first of duplicate ids wins', () => {
    const first = mention('m_1', 'first.ts');
    const duplicate = mention('m_1', 'second.ts');
    const unreferenced = file('f_9');
    const t = terminal('t_1');
    const text = `${link('terminal', 't_1', 'T')} ${link('mention', 'm_1', 'x')} ${link('terminal', 't_1', 'T again')}`;
    const submission = buildSubmission({ text, records: [unreferenced, first, duplicate, t] });
    expect(submission.context!.records).toHaveLength(2);
    expect(submission.context!.records[0]).toBe(t);
    expect(submission.context!.records[1]).toBe(first);
    expect(submission.prompt).toBe('[Terminal: T; ref=t_1] @first.ts [Terminal: T again; ref=t_1]');
    expect(submission.inputAnnotations).toHaveLength(3);
  });

  it('returns no context for text without references, and the text as prompt', () => {
    const submission = buildSubmission({ text: '  hello @alice  ', records: [file('f_1')] });
    expect(submission).toEqual({ text: 'hello @alice', prompt: 'hello @alice', inputAnnotations: [] });
    expect('context' in submission).toBe(false);
  });

  it('trims leading and trailing whitespace and shifts offsets with it', () => {
    const text = ` \n\t ${link('mention', 'm_1', 'a')} x ${link('file', 'f_1', 'a.ts')} \u00a0\n `;
    const submission = buildSubmission({ text, records: [mention('m_1', 'a.ts'), file('f_1')] });
    expect(submission.text).toBe(text.trim());
    expect(submission.prompt).toBe('@a.ts x [File: a.ts; ref=f_1]');
    expect(submission.inputAnnotations.map(({ start, end }) => [start, end])).toEqual([
      [0, 5],
      [8, 29],
    ]);
  });

  it('counts offsets in UTF-16 units around CJK and emoji', () => {
    const text = `你好😀 ${link('mention', 'm_1', '文件')} 🎉 ${link('image', 'img_1', '截图😀.png')} 👩‍💻`;
    const submission = buildSubmission({ text, records: [mention('m_1', '文档/说明 😀.md'), image('img_1')] });
    expect(submission.prompt).toBe('你好😀 @文档/说明\\ \\😀.md 🎉 [Image: 截图😀.png; ref=img_1] 👩‍💻');
    const [first, second] = submission.inputAnnotations;
    expect(first).toMatchObject({ start: 5, end: 5 + '@文档/说明\\ \\😀.md'.length });
    expect(second!.start).toBe(submission.prompt.indexOf('[Image'));
    for (const annotation of submission.inputAnnotations) {
      expect(submission.prompt.slice(annotation.start, annotation.end)).toBe(annotation.text);
    }
  });

  it('lets serialize override one chip, with the record or undefined when it is missing', () => {
    const calls: [string, ContextRecord | undefined][] = [];
    const records = [file('f_1'), mention('m_1', 'a.ts')];
    const text = `${link('file', 'f_1', 'a.ts')} ${link('mention', 'm_1', 'a')} ${link('file', 'gone', 'g')}`;
    const submission = buildSubmission({
      text,
      records,
      serialize: (occurrence, record) => {
        calls.push([occurrence.contextId, record]);
        return occurrence.kind === 'file' ? `<<${occurrence.label}>>` : undefined;
      },
    });
    expect(calls).toEqual([
      ['f_1', records[0]],
      ['m_1', records[1]],
      ['gone', undefined],
    ]);
    expect(submission.prompt).toBe('<<a.ts>> @a.ts <<g>>');
    expect(referenceAnnotations(submission.inputAnnotations).map((a) => [a.text, a.reference.serialized])).toEqual([
      ['<<a.ts>>', '<<a.ts>>'],
      ['@a.ts', '@a.ts'],
      ['<<g>>', '<<g>>'],
    ]);
  });

  it('removes a chip from the prompt, without an annotation, when serialize returns an empty string', () => {
    const text = `look ${link('image', 'img_1', 'shot')} here ${link('file', 'f_1', 'a.ts')}`;
    const submission = buildSubmission({
      text,
      records: [image('img_1'), file('f_1')],
      serialize: (occurrence) => (occurrence.kind === 'image' ? '' : undefined),
    });
    expect(submission.prompt).toBe('look  here [File: a.ts; ref=f_1]');
    expect(submission.inputAnnotations).toHaveLength(1);
    expect(submission.context!.records).toHaveLength(2);
  });

  it('ignores a serialize result that is not a string', () => {
    const submission = buildSubmission({
      text: link('file', 'f_1', 'a.ts'),
      records: [file('f_1')],
      serialize: () => 42 as unknown as string,
    });
    expect(submission.prompt).toBe('[File: a.ts; ref=f_1]');
  });
});

describe('buildSubmission: bad input', () => {
  it('never throws on bad input', () => {
    const bad = [
      undefined,
      null,
      {},
      { text: 1, records: 'x' },
      { text: link('file', 'f', 'a'), records: [null, 1, { contextId: 3 }, { contextId: 'f' }] },
      { text: '/x', records: null, command: null, subcommandPath: 'x' },
    ];
    for (const input of bad) {
      expect(() => buildSubmission(input as never)).not.toThrow();
    }
    expect(buildSubmission(undefined as never)).toEqual({ text: '', prompt: '', inputAnnotations: [] });
  });
});
