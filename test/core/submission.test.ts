import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  sanitizeInputAnnotations,
  type CommandInfo,
  type InputReferenceAnnotation,
} from '../../src/core/annotations.js';
import { formatContextReference } from '../../src/core/references.js';
import { buildSubmission, remapContextAttachments } from '../../src/core/submission.js';
import type { ContextRecord, MessageContext } from '../../src/core/types.js';

const link = (kind: string, contextId: string, label: string) => formatContextReference({ kind, contextId, label });

const image = (contextId: string, attachmentId = 'att_1'): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'image',
  label: 'shot.png',
  attachmentId,
  name: 'shot.png',
  mimeType: 'image/png',
  sizeBytes: 2048,
});
const file = (contextId: string, attachmentId = 'att_2'): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'file',
  label: 'a.ts',
  attachmentId,
  name: 'a.ts',
  mimeType: 'text/plain',
  sizeBytes: 10,
});
const terminal = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'terminal',
  label: 'Terminal 1',
  terminalId: 't',
  terminalLabel: 'Terminal 1',
  lineStart: 1,
  lineEnd: 1,
  text: 'boom',
});
const element = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'element',
  label: 'div',
  pageUrl: 'http://localhost:3000/',
  pageTitle: null,
  tagName: 'div',
  selector: null,
  htmlPreview: '<div></div>',
  componentName: null,
  source: null,
  styles: '',
});
const preview = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'preview-annotation',
  label: 'Checkout',
  annotationId: 'a',
  pageUrl: 'http://localhost:3000/',
  pageTitle: null,
  comment: '',
  targetSummary: '',
  styleChanges: [],
});
const review = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'review-comment',
  label: 'b.ts L4',
  sectionId: 's',
  sectionTitle: 'Changes',
  filePath: 'a/b.ts',
  startIndex: 3,
  endIndex: 3,
  rangeLabel: 'L4',
  text: 'Why?',
  diff: '',
});
const mention = (contextId: string, path: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'mention',
  label: path,
  path,
});
const skill = (contextId: string, name: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'skill',
  label: name,
  name,
});
const hostKind = (kind: string, contextId: string, payload: unknown): ContextRecord => ({
  version: 1,
  contextId,
  kind,
  label: 'users',
  payload,
});

function referenceAnnotations(annotations: readonly unknown[]): InputReferenceAnnotation[] {
  return annotations.filter((a): a is InputReferenceAnnotation => (a as { type: string }).type === 'reference');
}

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

  describe('commands', () => {
    const plan: CommandInfo = {
      name: 'plan',
      description: 'Plan mode',
      argumentHint: '[on|off|exit|<prompt>]',
      subcommands: ['on', 'off', 'exit'],
      source: 'builtin-command',
    };

    it('yields a first command annotation for the picked command at the start', () => {
      const text = `/plan fix ${link('mention', 'm_1', 'a')}`;
      const submission = buildSubmission({ text, records: [mention('m_1', 'a.ts')], command: plan });
      expect(submission.prompt).toBe('/plan fix @a.ts');
      expect(submission.inputAnnotations[0]).toEqual({
        type: 'command',
        start: 0,
        end: 5,
        text: '/plan',
        command: plan,
      });
      expect(submission.inputAnnotations[1]).toMatchObject({ type: 'reference', start: 10, end: 15 });
    });

    it('carries the subcommand path', () => {
      const submission = buildSubmission({ text: '/plan on', records: [], command: plan, subcommandPath: ['on'] });
      expect(submission.inputAnnotations).toEqual([
        { type: 'command', start: 0, end: 5, text: '/plan', command: plan, subcommandPath: ['on'] },
      ]);
      const language = buildSubmission({
        text: '/language ui en',
        records: [],
        command: { name: 'language' },
        subcommandPath: ['ui', 'en'],
      });
      expect(language.inputAnnotations[0]).toMatchObject({ end: 9, subcommandPath: ['ui', 'en'] });
    });

    it('omits an empty or invalid subcommand path', () => {
      const empty = buildSubmission({ text: '/plan', records: [], command: plan, subcommandPath: [] });
      expect(empty.inputAnnotations[0]).not.toHaveProperty('subcommandPath');
      const invalid = buildSubmission({
        text: '/plan',
        records: [],
        command: plan,
        subcommandPath: [1] as unknown as string[],
      });
      expect(invalid.inputAnnotations[0]).not.toHaveProperty('subcommandPath');
    });

    it('annotates a command alone, after trimming, and before a newline', () => {
      expect(buildSubmission({ text: '/plan', records: [], command: plan }).inputAnnotations).toHaveLength(1);
      expect(buildSubmission({ text: '  /plan  ', records: [], command: plan }).inputAnnotations[0]).toMatchObject({
        start: 0,
        end: 5,
      });
      expect(buildSubmission({ text: '/plan\nsteps', records: [], command: plan }).inputAnnotations).toHaveLength(1);
    });

    it('yields no command annotation when the command is not at the start of the trimmed text', () => {
      expect(buildSubmission({ text: 'please /plan this', records: [], command: plan }).inputAnnotations).toEqual([]);
      expect(buildSubmission({ text: 'plan', records: [], command: plan }).inputAnnotations).toEqual([]);
    });

    it('yields no command annotation when /name runs into another character (/planx)', () => {
      expect(buildSubmission({ text: '/planx do it', records: [], command: plan }).inputAnnotations).toEqual([]);
      const glued = buildSubmission({
        text: `/plan${link('file', 'f_1', 'a')}`,
        records: [file('f_1')],
        command: plan,
      });
      expect(glued.inputAnnotations.map((a) => a.type)).toEqual(['reference']);
    });

    it('yields nothing for a typed but not picked /name', () => {
      expect(buildSubmission({ text: '/plan on', records: [] }).inputAnnotations).toEqual([]);
    });

    it('copies only the declared command fields and drops an invalid command', () => {
      const extended = { ...plan, completionPriority: 3, displayCategory: 'system' } as CommandInfo;
      const [annotation] = buildSubmission({ text: '/plan', records: [], command: extended }).inputAnnotations;
      expect(annotation).toEqual({
        type: 'command',
        start: 0,
        end: 5,
        text: '/plan',
        command: { ...plan, displayCategory: 'system' },
      });
      expect(buildSubmission({ text: '/', records: [], command: { name: '' } }).inputAnnotations).toEqual([]);
      expect(
        buildSubmission({ text: '/x', records: [], command: { name: 'x', description: 1 } as unknown as CommandInfo })
          .inputAnnotations,
      ).toEqual([]);
    });
  });

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

describe('buildSubmission properties', () => {
  const KINDS = ['image', 'file', 'terminal', 'mention', 'skill', 'dataset', 'thread'] as const;
  const prose = fc.string({
    unit: fc.oneof(
      fc.constantFrom(' ', '\n', '@', '[', ']', '(', ')', '文', '😀', '/'),
      fc.string({ unit: 'grapheme', maxLength: 1 }),
    ),
    maxLength: 20,
  });

  const chip = fc.record({
    kind: fc.constantFrom(...KINDS),
    contextId: fc.stringMatching(/^[a-z0-9_-]{1,6}$/),
    label: fc.string({ unit: 'grapheme', maxLength: 12 }),
    path: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
    serialized: fc.option(fc.string({ unit: 'grapheme', maxLength: 12 })),
    hasRecord: fc.boolean(),
  });

  type Chip = typeof chip extends fc.Arbitrary<infer T> ? T : never;

  const recordFor = ({ kind, contextId, label, path, serialized }: Chip): ContextRecord => {
    switch (kind) {
      case 'image':
        return { ...image(contextId), label };
      case 'file':
        return { ...file(contextId), label };
      case 'terminal':
        return { ...terminal(contextId), label };
      case 'mention':
        return mention(contextId, path);
      case 'skill':
        return skill(contextId, path);
      case 'dataset':
        return hostKind('dataset', contextId, { serialized: serialized ?? undefined });
      default:
        return { version: 1, contextId, kind, label, environmentId: 'env-1', threadId: 'th-1', title: label };
    }
  };

  const draft = fc
    .tuple(prose, fc.array(fc.tuple(chip, prose), { maxLength: 12 }), fc.option(fc.constantFrom('plan', 'help')))
    .map(([head, parts, commandName]) => {
      const records: ContextRecord[] = [];
      let text = commandName ? `/${commandName} ${head}` : head;
      for (const [c, tail] of parts) {
        text += link(c.kind, c.contextId, c.label) + tail;
        if (c.hasRecord) records.push(recordFor(c));
      }
      return { text, records, command: commandName ? { name: commandName } : undefined };
    });

  it('annotates ranges of the prompt that hold exactly their text, sorted, disjoint and valid', () => {
    fc.assert(
      fc.property(draft, (input) => {
        const submission = buildSubmission(input);
        let previousEnd = 0;
        for (const annotation of submission.inputAnnotations) {
          expect(submission.prompt.slice(annotation.start, annotation.end)).toBe(annotation.text);
          expect(annotation.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = annotation.end;
        }
        expect(sanitizeInputAnnotations(submission.prompt, submission.inputAnnotations)).toEqual(
          submission.inputAnnotations,
        );
        expect(submission.text).toBe(input.text.trim());
      }),
      { numRuns: 1_000 },
    );
  });

  it('annotates every chip and keeps exactly the referenced records in first-reference order', () => {
    fc.assert(
      fc.property(draft, (input) => {
        const submission = buildSubmission(input);
        const references = referenceAnnotations(submission.inputAnnotations);
        const chipCount = (submission.text.match(/\]\(t3-context:\/\/v1\//g) ?? []).length;
        expect(references.length).toBe(chipCount);
        const firstById = new Map<string, ContextRecord>();
        for (const record of input.records)
          if (!firstById.has(record.contextId)) firstById.set(record.contextId, record);
        const expected: ContextRecord[] = [];
        for (const { reference } of references) {
          const record = firstById.get(reference.id);
          if (record && !expected.includes(record)) expected.push(record);
        }
        expect(submission.context?.records ?? []).toEqual(expected);
        if (expected.length === 0) expect(submission.context).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('remapContextAttachments', () => {
  const context = (): MessageContext => ({
    version: 1,
    records: [
      image('img_1', 'att_old'),
      file('f_1', 'att_file'),
      mention('m_1', 'a.ts'),
      image('img_2', 'toString'),
      file('f_2', '__proto__'),
    ],
  });

  it('rewrites attachmentId of image and file records from a Map', () => {
    const input = context();
    const snapshot = structuredClone(input);
    const result = remapContextAttachments(
      input,
      new Map([
        ['att_old', 'att_new'],
        ['att_file', 'att_file_2'],
        ['a.ts', 'x'],
      ]),
    );
    expect(result.records.map((r) => ('attachmentId' in r ? r.attachmentId : null))).toEqual([
      'att_new',
      'att_file_2',
      null,
      'toString',
      '__proto__',
    ]);
    expect(result.records.map((r) => r.contextId)).toEqual(input.records.map((r) => r.contextId));
    expect(input).toEqual(snapshot);
    expect(result).not.toBe(input);
    result.records.forEach((record, index) => expect(record).not.toBe(input.records[index]));
    expect(result.records[2]).toEqual(input.records[2]);
  });

  it('uses only own properties of a plain object map', () => {
    const result = remapContextAttachments(context(), { att_old: 'att_new' });
    expect(result.records.map((r) => ('attachmentId' in r ? r.attachmentId : null))).toEqual([
      'att_new',
      'att_file',
      null,
      'toString',
      '__proto__',
    ]);
    const inherited = Object.create({ att_old: 'att_inherited' }) as Record<string, string>;
    expect((remapContextAttachments(context(), inherited).records[0] as { attachmentId: string }).attachmentId).toBe(
      'att_old',
    );
  });

  it('matches toString and __proto__ only when they are own keys', () => {
    const parsed = JSON.parse('{"__proto__": "att_proto", "toString": "att_to_string"}') as Record<string, string>;
    const result = remapContextAttachments(context(), parsed);
    expect((result.records[3] as { attachmentId: string }).attachmentId).toBe('att_to_string');
    expect((result.records[4] as { attachmentId: string }).attachmentId).toBe('att_proto');
    const nullProto = Object.assign(Object.create(null) as Record<string, string>, { att_old: 'att_np' });
    expect((remapContextAttachments(context(), nullProto).records[0] as { attachmentId: string }).attachmentId).toBe(
      'att_np',
    );
  });

  it('ignores mapped values that are not valid attachment ids', () => {
    const result = remapContextAttachments(
      context(),
      new Map<string, unknown>([
        ['att_old', 'bad id'],
        ['att_file', 3],
      ]) as Map<string, string>,
    );
    expect((result.records[0] as { attachmentId: string }).attachmentId).toBe('att_old');
    expect((result.records[1] as { attachmentId: string }).attachmentId).toBe('att_file');
  });

  it('never throws on bad input', () => {
    expect(remapContextAttachments(null as unknown as MessageContext, {})).toEqual({ version: 1, records: [] });
    expect(remapContextAttachments(context(), null as unknown as Record<string, string>).records).toHaveLength(5);
    const throwing = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: () => {
          throw new Error('boom');
        },
      },
    );
    expect(remapContextAttachments(context(), throwing).records).toHaveLength(5);
  });
});
