import { describe, expect, it } from 'vitest';
import type { CommandInfo } from '../../src/core/annotations.js';
import { buildSubmission } from '../../src/core/submission.js';
import { link, file, mention } from './submission-fixtures.js';

describe('buildSubmission: commands', () => {
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
