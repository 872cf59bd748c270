import {
  type Citation,
  collectCitations,
  replaceContextReferences,
  type ContextRecord,
  type ResolvedMessageContext,
} from '../src/core/index.js';

/**
 * The simulated assistant's answer: deterministic Markdown prose about what it received, so a
 * reader sees a chat reply while the inspector under it shows what a model would be sent. It
 * names each chip by kind and label, the first line of a terminal excerpt, the file and line of a
 * review comment, an image's name, and quotes back each passage of an earlier reply the message
 * cites (never its link); the same message always gets the same words.
 */

/** How much of the message the reply quotes back. */
const QUOTE_MAX_CHARS = 160;
/** How much of a cited passage the reply quotes back. */
const CITED_MAX_CHARS = 400;

const KIND_NAMES: Record<string, string> = {
  terminal: 'Terminal excerpt',
  element: 'Page element',
  'preview-annotation': 'Preview annotation',
  'review-comment': 'Review comment',
  image: 'Image',
  file: 'File',
  mention: 'File mention',
  skill: 'Skill',
};

/** The reply to one message: `resolved` is its text and records as a renderer reads them. */
export function replyProse(resolved: ResolvedMessageContext, attachmentNames: readonly string[] = []): string {
  const records = referencedRecords(resolved);
  const citations = collectCitations(resolved.text).map(({ citation }) => citation);
  const plain = plainText(resolved.text);
  // A message that is nothing but quotes is answered by the quotes alone.
  const asked = plainText(withCitationsQuoted(resolved.text, () => '')) !== '';
  const parts: string[] = [];
  parts.push(asked ? `You asked:\n\n> ${quote(plain)}` : 'You sent context without a question.');
  if (citations.length > 0) parts.push(quotedPassages(citations));
  if (records.length === 0 && attachmentNames.length === 0) {
    if (citations.length === 0) parts.push('No context came with it, so I answer from the text alone.');
  } else {
    const count = records.length + attachmentNames.length;
    parts.push(`### What I received\n\n${count === 1 ? 'One piece' : `${count} pieces`} of context came with it:`);
    parts.push(
      [...records.map(describeRecord), ...attachmentNames.map((name) => `- **Attachment** ${code(name)}`)].join('\n'),
    );
  }
  const terminal = records.find((record) => record.kind === 'terminal');
  if (terminal) {
    parts.push(
      `### Where I would start\n\nThe terminal shows this first:\n\n${fence(firstLine(field(terminal, 'text')))}`,
    );
  }
  parts.push(nextSteps(records));
  return parts.join('\n\n');
}

/** The records the text refers to, once each, in first-reference order; those it does not name come last. */
function referencedRecords({ text, records }: ResolvedMessageContext): ContextRecord[] {
  const order: string[] = [];
  replaceContextReferences(text, ({ contextId }) => {
    if (!order.includes(contextId)) order.push(contextId);
    return '';
  });
  const rank = (record: ContextRecord) => {
    const index = order.indexOf(record.contextId);
    return index === -1 ? order.length : index;
  };
  return [...records].sort((a, b) => rank(a) - rank(b));
}

/** The message as a reader sees it: chips as their labels, citations as their quotes, whitespace collapsed. */
export function plainText(text: string): string {
  return replaceContextReferences(withCitationsQuoted(text), ({ label }) => label)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Each citation link of `text` as `as` writes it; by default as its chip reads, in quotation
 * marks: the comment when it has one, else the quote.
 */
function withCitationsQuoted(
  text: string,
  as = (citation: Citation) => `“${flat(citation.comment ?? citation.text)}”`,
): string {
  let cursor = 0;
  let quoted = '';
  for (const { citation, start, end } of collectCitations(text)) {
    quoted += text.slice(cursor, start) + as(citation);
    cursor = end;
  }
  return quoted + text.slice(cursor);
}

/** The passages of earlier replies a message cites, each as a quote, with the comment made on it. */
function quotedPassages(citations: readonly Citation[]): string {
  const heading = citations.length === 1 ? 'You quoted my earlier answer:' : 'You quoted my earlier answers:';
  const passages = citations.map(({ text, comment }) => {
    const passage = `> ${quote(text, CITED_MAX_CHARS)}`;
    return comment === undefined ? passage : `${passage}\n>\n> Your note: ${quote(comment, QUOTE_MAX_CHARS)}`;
  });
  return [heading, ...passages].join('\n\n');
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

function describeRecord(record: ContextRecord): string {
  const known = KIND_NAMES[record.kind];
  if (!known) return describeHostKind(record);
  const head = `- **${known}** ${code(record.label)}`;
  switch (record.kind) {
    case 'terminal':
      return `${head}, lines ${field(record, 'lineStart')}–${field(record, 'lineEnd')}, starting ${code(firstLine(field(record, 'text')))}`;
    case 'review-comment':
      return `${head} on ${code(field(record, 'filePath'))} at ${code(field(record, 'rangeLabel') || '?')}: ${quote(field(record, 'text'), 80)}`;
    case 'image':
    case 'file':
      return `${head}, named ${code(field(record, 'name'))}`;
    case 'element':
      return `${head}, the ${code(`<${field(record, 'tagName')}>`)} on ${field(record, 'pageUrl') || 'the page'}`;
    case 'preview-annotation':
      return `${head}: ${quote(field(record, 'comment'), 80)}`;
    case 'mention':
      return `${head} at ${code(field(record, 'path'))}`;
    default:
      return head;
  }
}

/** A kind the host defines: its label, and the value its payload names (a dataset's table). */
function describeHostKind(record: ContextRecord): string {
  const payload = (record as { payload?: unknown }).payload;
  const value = typeof payload === 'object' && payload !== null ? (payload as { value?: unknown }).value : undefined;
  const named = typeof value === 'string' && value.trim() !== '' ? ` ${code(value)}` : '';
  return `- **${quote(record.label, 60)}**${named}, a ${code(record.kind)} from the host`;
}

function nextSteps(records: readonly ContextRecord[]): string {
  const steps = ['Read what you sent and the context above, in that order.'];
  if (records.some((record) => record.kind === 'review-comment')) steps.push('Answer each review comment in its file.');
  if (records.some((record) => record.kind === 'terminal')) steps.push('Run the failing command again after the fix.');
  steps.push('Open **What the model receives** below to see the exact input.');
  return `### Next steps\n\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}`;
}

/** A string field of a record, or '' when the record (a host kind, a damaged one) has none. */
function field(record: ContextRecord, name: string): string {
  const value = (record as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

const firstLine = (text: string) =>
  text
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

function quote(text: string, max = QUOTE_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
  // Markdown in a user's words stays their words: escape what would format.
  return cut.replace(/[\\`*_[\]<>#|~]/g, (char) => `\\${char}`);
}

/** Inline code that holds any text: the fence is one backtick longer than the longest run inside. */
function code(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim() || ' ';
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

function fence(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}text\n${text}\n${ticks}`;
}
