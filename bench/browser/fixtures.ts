/**
 * Deterministic inputs of the browser figures: chat messages of mixed Markdown with chips, a long
 * draft full of chips, and plain text to paste. Seeded, so every run measures the same input.
 */
import { type ContextRecord, formatContextReference, type MessageContext } from '../../src/core/index.js';
import { seededRandom } from '../seeded-random.js';

export interface ChatMessage {
  text: string;
  context: MessageContext;
}

export interface ChipDraft {
  text: string;
  records: ContextRecord[];
}

const WORDS = (
  'the a of to and in is it that for on with as this be are was by at from or an not can but all ' +
  'component render state event handler value token parser layout request response cache build ' +
  'module import export function async await promise error retry timeout buffer stream chunk ' +
  'selector element shadow root style theme chip context record message composer draft editor'
).split(' ');

const FILE_NAMES = [
  'src/index.ts',
  'src/app/router.tsx',
  'package.json',
  'README.md',
  'lib/parser.rs',
  'test/e2e/chat.test.ts',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function words(random: () => number, count: number): string {
  return Array.from({ length: count }, () => pick(random, WORDS)).join(' ');
}

/** A sentence with an occasional bold, code span or web link. */
function sentence(random: () => number): string {
  const parts = [words(random, 4 + Math.floor(random() * 10))];
  const roll = random();
  if (roll < 0.15) parts.push(`**${words(random, 2)}**`);
  else if (roll < 0.3) parts.push(`\`${pick(random, WORDS)}()\``);
  else if (roll < 0.38) parts.push(`[the docs](https://example.com/${pick(random, WORDS)})`);
  parts.push(words(random, 3 + Math.floor(random() * 6)));
  const text = parts.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function paragraph(random: () => number): string {
  return Array.from({ length: 1 + Math.floor(random() * 4) }, () => sentence(random)).join(' ');
}

/** One Markdown block; prose blocks can take chips, code blocks stay as they are. */
function block(random: () => number): { text: string; prose: boolean } {
  const roll = random();
  if (roll < 0.55) return { text: paragraph(random), prose: true };
  if (roll < 0.72) {
    const items = Array.from({ length: 2 + Math.floor(random() * 4) }, () => `- ${sentence(random)}`);
    return { text: items.join('\n'), prose: true };
  }
  if (roll < 0.82) {
    const lines = Array.from(
      { length: 2 + Math.floor(random() * 6) },
      () => `  const ${pick(random, WORDS)} = ${pick(random, WORDS)}(${pick(random, WORDS)});`,
    );
    return { text: `\`\`\`ts\n${lines.join('\n')}\n\`\`\``, prose: false };
  }
  if (roll < 0.9) return { text: `> ${sentence(random)}`, prose: true };
  return { text: `## ${words(random, 3)}`, prose: false };
}

function chipRecord(random: () => number, contextId: string, index: number): ContextRecord {
  const kind = ['file', 'terminal', 'mention', 'skill', 'review-comment', 'element'][index % 6]!;
  const label = kind === 'mention' || kind === 'file' ? pick(random, FILE_NAMES) : `${kind} ${index + 1}`;
  const base = { version: 1 as const, contextId, label };
  switch (kind) {
    case 'file':
      return {
        ...base,
        kind,
        attachmentId: `${contextId}-a`,
        name: label,
        mimeType: 'text/plain',
        sizeBytes: 1200 + index,
      };
    case 'terminal':
      return {
        ...base,
        kind,
        terminalId: 'term-1',
        terminalLabel: 'Terminal 1',
        lineStart: 3,
        lineEnd: 12,
        text: paragraph(random),
      };
    case 'mention':
      return { ...base, kind, path: label };
    case 'skill':
      return { ...base, kind, name: `skill-${index}` };
    case 'review-comment':
      return {
        ...base,
        kind,
        sectionId: 'sec-1',
        sectionTitle: 'Review',
        filePath: pick(random, FILE_NAMES),
        startIndex: 4,
        endIndex: 9,
        rangeLabel: 'L4-9',
        text: sentence(random),
        diff: '@@ -4,3 +4,3 @@\n-const a = 1;\n+const a = 2;',
      };
    default:
      return {
        ...base,
        kind: 'element',
        pageUrl: 'http://localhost:3000/checkout',
        pageTitle: 'Checkout',
        tagName: 'button',
        selector: '#pay',
        htmlPreview: '<button id="pay">Pay</button>',
        componentName: 'Pay',
        source: { functionName: 'Pay', fileName: 'Pay.tsx', lineNumber: 3, columnNumber: 7 },
        styles: 'font-size: 12px',
      };
  }
}

function chipLink(record: ContextRecord): string {
  return formatContextReference({ kind: record.kind, contextId: record.contextId, label: record.label });
}

/** Inserts `link` at a word boundary of `text`. */
function insertAtWordBoundary(random: () => number, text: string, link: string): string {
  const spaces = [...text.matchAll(/ /g)].map((match) => match.index);
  if (spaces.length === 0) return `${text} ${link}`;
  const at = pick(random, spaces);
  return `${text.slice(0, at)} ${link}${text.slice(at)}`;
}

/** A message of about `targetChars` characters of mixed Markdown with `chips` chips in its prose. */
function chatMessage(random: () => number, id: number, targetChars: number, chips: number): ChatMessage {
  const blocks: { text: string; prose: boolean }[] = [{ text: paragraph(random), prose: true }];
  let length = blocks[0]!.text.length;
  while (length < targetChars) {
    const next = block(random);
    blocks.push(next);
    length += next.text.length + 2;
  }
  const records = Array.from({ length: chips }, (_, index) => chipRecord(random, `m${id}-c${index}`, id + index));
  const prose = blocks.filter((candidate) => candidate.prose);
  for (const record of records) {
    const target = pick(random, prose);
    target.text = insertAtWordBoundary(random, target.text, chipLink(record));
  }
  return { text: blocks.map((candidate) => candidate.text).join('\n\n'), context: { version: 1, records } };
}

/** `count` messages of 0.2–4 KB of Markdown, each with `chipsPerMessage` chips backed by records. */
export function chatMessages(count: number, chipsPerMessage = 5, seed = 7): ChatMessage[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, id) =>
    chatMessage(random, id, 200 + Math.floor(random() * 3800), chipsPerMessage),
  );
}

/**
 * A draft of about `targetChars` characters with `chips` chips spread over paragraphs of a few
 * hundred characters, like a long prompt assembled from many references.
 */
export function chipDraft(targetChars: number, chips: number, seed = 11): ChipDraft {
  const random = seededRandom(seed);
  const records = Array.from({ length: chips }, (_, index) => chipRecord(random, `d-c${index}`, index));
  const links = records.map(chipLink);
  const linkChars = links.reduce((sum, link) => sum + link.length + 1, 0);
  const proseChars = Math.max(0, targetChars - linkChars);
  const chipsPerParagraph = 5;
  const paragraphs: string[] = [];
  for (let start = 0; start < links.length; start += chipsPerParagraph) {
    const share = links.slice(start, start + chipsPerParagraph);
    let text = '';
    while (text.length < (proseChars * share.length) / links.length) text += `${sentence(random)} `;
    for (const link of share) text = insertAtWordBoundary(random, text.trimEnd(), link);
    paragraphs.push(text);
  }
  return { text: paragraphs.join('\n'), records };
}

/** About `targetChars` of plain prose in lines of roughly 80 characters, without any link. */
export function plainText(targetChars: number, seed = 13): string {
  const random = seededRandom(seed);
  const lines: string[] = [];
  let length = 0;
  while (length < targetChars) {
    let line = '';
    while (line.length < 72) line += `${pick(random, WORDS)} `;
    lines.push(line.trimEnd());
    length += line.length;
  }
  return lines.join('\n').slice(0, targetChars);
}
