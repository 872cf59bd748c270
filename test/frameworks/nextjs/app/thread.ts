import { type ContextRecord, formatCitationLink, formatContextReference, type MessageContext } from 't3-composer/core';

/** A message as a host stores it: the canonical text, and the records its chips refer to. */
export interface StoredMessage {
  id: string;
  text: string;
  /** Absent for a message written before structured context (legacy text, upgraded in memory). */
  context?: MessageContext;
  format?: 'markdown' | 'text';
}

const terminal: ContextRecord = {
  version: 1,
  kind: 'terminal',
  contextId: 'term_1',
  label: 'Terminal 1 lines 3-4',
  terminalId: 'terminal-1',
  terminalLabel: 'Terminal 1',
  lineStart: 3,
  lineEnd: 4,
  text: 'npm test\n1 failing',
};
const mention: ContextRecord = {
  version: 1,
  kind: 'mention',
  contextId: 'm_1',
  label: '@src/index.ts',
  path: 'src/index.ts',
};
const skill: ContextRecord = { version: 1, kind: 'skill', contextId: 's_1', label: 'pinchtab', name: 'pinchtab' };
const reviewComment: ContextRecord = {
  version: 1,
  kind: 'review-comment',
  contextId: 'rc_1',
  label: 'b.ts L4',
  sectionId: 's1',
  sectionTitle: 'Changes',
  filePath: 'src/a/b.ts',
  startIndex: 3,
  endIndex: 4,
  rangeLabel: 'L4',
  text: 'Why is this needed?',
  diff: '+ const x = 1;\n',
  fenceLanguage: 'ts',
};

const chip = ({ kind, contextId, label }: ContextRecord) => formatContextReference({ kind, contextId, label });

/** A quote of an assistant reply, as T3 Code writes it into the text (no record: the link carries it). */
const citation = formatCitationLink({
  version: 1,
  environmentId: 'env',
  threadId: 'thread-1',
  messageId: 'reply-1',
  text: 'the build is green',
  start: 4,
  end: 22,
  prefix: 'Now ',
  suffix: '.',
});

/** The thread a host loads from its store; the server renders it, the browser hydrates it. */
export const THREAD: StoredMessage[] = [
  {
    id: 'u1',
    text:
      `## Failing test\n\nRun ${chip(terminal)} with **care**, then open ${chip(mention)}.\n\n` +
      `- first \`npm ci\`\n- then ${chip(skill)}\n\n| step | result |\n|:-:|--:|\n| 1 | red |`,
    context: { version: 1, records: [terminal, mention, skill] },
  },
  {
    id: 'u2',
    text: `About ${chip(reviewComment)}: you wrote ${citation}, but it is *not*.`,
    context: { version: 1, records: [reviewComment] },
  },
  {
    id: 'u3',
    text: 'Why @terminal-1:3\n\n<terminal_context>\n- Terminal 1 line 3:\n  3 | boom\n</terminal_context>',
  },
];
