import type {
  ElementContextDetails,
  ElementContextRecord,
  ElementSource,
  PreviewAnnotationContextRecord,
  TerminalContextRecord,
} from '../types.js';
import { rememberedIndexOf } from '../text-scan.js';

/**
 * Parsers for the bodies of legacy `<terminal_context>`, `<element_context>` and
 * `<preview_annotation>` blocks. Builders return records without their positional `contextId`
 * (assigned once the order of all blocks is known), or null when the body does not parse.
 */

export type TerminalDraft = Omit<TerminalContextRecord, 'contextId'>;
export type ElementDraft = Omit<ElementContextRecord, 'contextId'>;
export type PreviewAnnotationDraft = Omit<PreviewAnnotationContextRecord, 'contextId'>;

/** One `- <header>:` entry of a terminal or element block, with its de-indented body. */
interface LegacyEntry {
  header: string;
  body: string;
}

const ENTRY_HEADER = /^- (.+):$/;

/**
 * Splits a block body into entries, line by line: `- <header>:` starts an entry, a line indented
 * by two spaces belongs to it (the two spaces stripped), a blank line is an empty body line. Any
 * other line makes the block unparsable (null). Lines before the first header may only be blank.
 */
export function parseLegacyEntries(block: string): LegacyEntry[] | null {
  const entries: LegacyEntry[] = [];
  let current: { header: string; lines: string[] } | null = null;
  const finish = (): void => {
    if (current) entries.push({ header: current.header, body: current.lines.join('\n').trimEnd() });
  };
  for (const line of block.split('\n')) {
    const header = ENTRY_HEADER.exec(line)?.[1];
    if (header !== undefined) {
      finish();
      current = { header, lines: [] };
    } else if (current && line.startsWith('  ')) {
      current.lines.push(line.slice(2));
    } else if (line.trim() !== '') {
      return null;
    } else if (current) {
      current.lines.push('');
    }
  }
  finish();
  return entries;
}

const TERMINAL_HEADER = /^(.*?) (?:line (\d+)|lines (\d+)-(\d+))$/;
/** `^\d+ \| ?` at the start of every `\n`-separated line (not `m`: `^` would also match after `\r`). */
const TERMINAL_LINE_NUMBERS = /(^|\n)\d+ \| ?/g;

/** `- Terminal 1 lines 509-510:` with numbered body lines `509 | …`. */
export function buildTerminalDraft(entry: LegacyEntry): TerminalDraft | null {
  const header = TERMINAL_HEADER.exec(entry.header);
  const terminalLabel = header?.[1]?.trim();
  if (!header || !terminalLabel) return null;
  const single = header[2];
  return {
    version: 1,
    kind: 'terminal',
    label: entry.header,
    terminalId: terminalSlug(terminalLabel),
    terminalLabel,
    lineStart: Number(single ?? header[3]),
    lineEnd: Number(single ?? header[4]),
    text: entry.body.replace(TERMINAL_LINE_NUMBERS, '$1'),
  };
}

/** The terminal label trimmed, lower-cased, whitespace runs replaced by `-`. */
function terminalSlug(terminalLabel: string): string {
  return terminalLabel.trim().toLowerCase().replace(/\s+/g, '-');
}

/** The range part of a terminal reference: `N`, or `A-B` when the lines differ. */
export function terminalRange(record: { lineStart: number; lineEnd: number }): string {
  return record.lineStart === record.lineEnd ? `${record.lineStart}` : `${record.lineStart}-${record.lineEnd}`;
}

/** The inline label the old send path wrote for a terminal excerpt: `@terminal-1:509-514`. */
export function inlineTerminalLabel(record: { terminalLabel: string; lineStart: number; lineEnd: number }): string {
  return `@${terminalSlug(record.terminalLabel)}:${terminalRange(record)}`;
}

const ELEMENT_HEADER = /^<([^>]+)>/;
const ELEMENT_FIELD = /^([a-z]+): (.*)$/;
const ELEMENT_SECTION = /^(html|styles):$/;
const ELEMENT_SOURCE = /^(.*?)(?::(\d+))?(?::(\d+))?$/;

/** `- <Tag or Component> (anything):` with `url:`, `selector:`, `source:` fields and `html:`/`styles:` sections. */
export function buildElementDraft(entry: LegacyEntry): ElementDraft | null {
  const inner = ELEMENT_HEADER.exec(entry.header)?.[1];
  if (inner === undefined) return null;
  const { fields, sections } = readElementBody(entry.body);
  const source = fields.get('source');
  return {
    version: 1,
    kind: 'element',
    label: `<${inner}>`,
    pageUrl: fields.get('url') ?? '',
    pageTitle: null,
    tagName: inner.toLowerCase(),
    selector: fields.get('selector') ?? null,
    htmlPreview: sectionText(sections, 'html'),
    componentName: /[A-Z]/.test(inner) ? inner : null,
    source: source ? parseElementSource(source) : null,
    styles: sectionText(sections, 'styles'),
  };
}

/** An element entry's details (the record without its base fields). */
function elementDetails(draft: ElementDraft): ElementContextDetails {
  const { version: _version, kind: _kind, label: _label, ...details } = draft;
  return details;
}

/**
 * Field lines `name: value` (a later one wins) and sections `html:`/`styles:` whose lines are
 * indented two more spaces (stripped) or blank.
 */
function readElementBody(body: string): { fields: Map<string, string>; sections: Map<string, string[]> } {
  const fields = new Map<string, string>();
  const sections = new Map<string, string[]>();
  let section: string[] | null = null;
  for (const line of body.split('\n')) {
    if (section && (line.startsWith('  ') || line === '')) {
      section.push(line.slice(2));
      continue;
    }
    section = null;
    const [, name, value] = ELEMENT_FIELD.exec(line) ?? [];
    if (name !== undefined && value !== undefined) {
      fields.set(name, value);
      continue;
    }
    const sectionName = ELEMENT_SECTION.exec(line)?.[1];
    if (sectionName !== undefined) {
      section = [];
      sections.set(sectionName, section);
    }
  }
  return { fields, sections };
}

function sectionText(sections: ReadonlyMap<string, string[]>, name: string): string {
  return (sections.get(name) ?? []).join('\n').trimEnd();
}

/** `file[:line[:col]]`; null when the file part is empty. */
function parseElementSource(location: string): ElementSource | null {
  const match = ELEMENT_SOURCE.exec(location);
  if (!match || !match[1]) return null;
  return {
    functionName: null,
    fileName: match[1],
    lineNumber: match[2] === undefined ? null : Number(match[2]),
    columnNumber: match[3] === undefined ? null : Number(match[3]),
  };
}

const PREVIEW_FIELD_PREFIXES = ['Preview annotation:', 'Id: ', 'Page: ', 'Comment: ', 'Targets: '];
const STYLE_CHANGES_HEADING = 'Requested visual changes:';
const SCREENSHOT_SENTENCE = 'The attached screenshot is the annotated preview crop.';
const BLOCK_DELIMITER = /^<\/?(?:terminal_context|element_context|preview_annotation|review_comment)\b/;
const URL_PAGE = /^https?:\/\//i;
const NESTED_ELEMENT_OPENING = '<element_context>\n';
const NESTED_ELEMENT_CLOSING = '\n</element_context>';

/**
 * A preview annotation body: `Id:`, `Page:`, `Comment:`, `Targets:` fields (each may continue over
 * following lines), `Requested visual changes:` with `- ` lines, and nested element blocks. Null
 * when a nested element block does not parse.
 */
export function buildPreviewDraft(body: string): PreviewAnnotationDraft | null {
  const lines = body.split('\n');
  const elements = readNestedElements(body);
  if (elements === null) return null;
  const page = readPreviewField(lines, 'Page: ');
  const pageIsUrl = URL_PAGE.test(page);
  return {
    version: 1,
    kind: 'preview-annotation',
    label: page || 'Preview annotation',
    annotationId: readPreviewField(lines, 'Id: '),
    pageUrl: pageIsUrl ? page : (elements[0]?.pageUrl ?? ''),
    pageTitle: pageIsUrl ? null : page || null,
    comment: readPreviewField(lines, 'Comment: '),
    targetSummary: readPreviewField(lines, 'Targets: '),
    styleChanges: readStyleChanges(lines),
    ...(elements.length > 0 ? { elements } : {}),
  };
}

function isPreviewFieldBoundary(line: string): boolean {
  return (
    PREVIEW_FIELD_PREFIXES.some((prefix) => line.startsWith(prefix)) ||
    line === STYLE_CHANGES_HEADING ||
    line === SCREENSHOT_SENTENCE ||
    BLOCK_DELIMITER.test(line)
  );
}

/**
 * The first line starting with `prefix`, continued by the following lines up to the next field,
 * the style-change heading, the screenshot sentence or a block delimiter; trimmed. A comment
 * written over several lines, blank lines and markup included, is kept whole.
 */
function readPreviewField(lines: readonly string[], prefix: string): string {
  const start = lines.findIndex((line) => line.startsWith(prefix));
  const first = lines[start];
  if (first === undefined) return '';
  const following = lines.slice(start + 1);
  const end = following.findIndex(isPreviewFieldBoundary);
  return [first.slice(prefix.length), ...(end === -1 ? following : following.slice(0, end))].join('\n').trim();
}

/** The consecutive `- ` lines after the first `Requested visual changes:` line. */
function readStyleChanges(lines: readonly string[]): string[] {
  const heading = lines.indexOf(STYLE_CHANGES_HEADING);
  const changes: string[] = [];
  if (heading === -1) return changes;
  for (const line of lines.slice(heading + 1)) {
    if (!line.startsWith('- ')) break;
    changes.push(line.slice(2));
  }
  return changes;
}

/**
 * The element details of every `<element_context>\n…\n</element_context>` inside a preview body,
 * in order; an empty block adds none. Null when any of them does not parse.
 */
function readNestedElements(body: string): ElementContextDetails[] | null {
  const elements: ElementContextDetails[] = [];
  const nextClosing = rememberedIndexOf(body, NESTED_ELEMENT_CLOSING);
  for (let opening = body.indexOf(NESTED_ELEMENT_OPENING); opening !== -1;) {
    const blockStart = opening + NESTED_ELEMENT_OPENING.length;
    const closing = nextClosing(blockStart);
    if (closing === -1) break;
    const entries = parseLegacyEntries(body.slice(blockStart, closing));
    if (entries === null) return null;
    for (const entry of entries) {
      const draft = buildElementDraft(entry);
      if (draft === null) return null;
      elements.push(elementDetails(draft));
    }
    opening = body.indexOf(NESTED_ELEMENT_OPENING, closing + NESTED_ELEMENT_CLOSING.length);
  }
  return elements;
}
