/**
 * Look-ups the inline pass makes in one forward sweep each, so that no position is scanned again
 * for every opener: closing backtick runs, matching brackets, and the next occurrence of a marker.
 */

/** Maximal backtick runs by length; `closer` answers in order of increasing positions. */
export class BacktickRuns {
  private readonly byLength = new Map<number, number[]>();
  private readonly cursors = new Map<number, number>();

  constructor(source: string) {
    for (let i = source.indexOf('`'); i !== -1; i = source.indexOf('`', i)) {
      let end = i;
      while (source.charCodeAt(end) === 96) end++;
      const list = this.byLength.get(end - i) ?? [];
      list.push(i);
      this.byLength.set(end - i, list);
      i = end;
    }
  }

  /** The first whole run of exactly `length` backticks at or after `from`, or -1. */
  closer(from: number, length: number): number {
    const list = this.byLength.get(length);
    if (!list) return -1;
    let cursor = this.cursors.get(length) ?? 0;
    while (cursor < list.length && list[cursor]! < from) cursor++;
    this.cursors.set(length, cursor);
    return list[cursor] ?? -1;
  }
}

export const backtickRunLength = (source: string, start: number) => {
  let end = start;
  while (source.charCodeAt(end) === 96) end++;
  return end - start;
};

/** `[` offsets to their matching `]`, skipping backslash escapes and code spans. */
export function matchBrackets(source: string): Map<number, number> {
  const runs = new BacktickRuns(source);
  const matches = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < source.length;) {
    const char = source[i];
    if (char === '\\') {
      i += 2;
    } else if (char === '`') {
      const length = backtickRunLength(source, i);
      const closer = runs.closer(i + length, length);
      i = closer === -1 ? i + length : closer + length;
    } else {
      if (char === '[') open.push(i);
      else if (char === ']' && open.length > 0) matches.set(open.pop()!, i);
      i++;
    }
  }
  return matches;
}

/** `indexOf` that remembers its last answer per needle, for searches from increasing offsets. */
export class ForwardSearch {
  private readonly found = new Map<string, number>();

  constructor(private readonly source: string) {}

  indexOf(needle: string, from: number): number {
    const known = this.found.get(needle);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const index = this.source.indexOf(needle, from);
    this.found.set(needle, index);
    return index;
  }
}

/** Whether anything but whitespace follows `index`: answered from the last non-space offset. */
export function lastNonSpace(source: string): number {
  let i = source.length - 1;
  while (i >= 0 && /\s/.test(source[i]!)) i--;
  return i;
}

/** `(` offsets to their matching `)`, skipping backslash escapes. */
export function matchParentheses(source: string): Map<number, number> {
  const matches = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '(') open.push(i);
    else if (char === ')' && open.length > 0) matches.set(open.pop()!, i);
  }
  return matches;
}

/** The end of the run of characters matching `run` (a sticky pattern) around increasing offsets. */
export class RunEnds {
  private start = -1;
  private end = -1;

  constructor(
    private readonly source: string,
    private readonly run: RegExp,
  ) {}

  from(offset: number): number {
    if (offset >= this.start && offset < this.end) return this.end;
    this.run.lastIndex = offset;
    this.run.test(this.source);
    this.start = offset;
    this.end = Math.max(offset, this.run.lastIndex);
    return this.end;
  }
}

const LINK_START = /(?:https?|ftp):\/\/|www\.|mailto:|xmpp:|@/gi;
const LOCAL_PART = /[A-Za-z0-9._+-]/;

/**
 * Where a bare URL or e-mail address may start, in order: at `http://`, `https://`, `ftp://`,
 * `www.`, `mailto:` or `xmpp:`, and where the run of local-part characters before an `@` starts.
 * Asked with positions that only grow, as the inline pass moves on.
 */
export class LinkStarts {
  private readonly starts: number[] = [];
  private next = 0;

  constructor(source: string) {
    for (const match of source.matchAll(LINK_START)) {
      let start = match.index;
      // Runs between two `@` do not overlap, so these walks cover the text at most once.
      if (match[0] === '@') while (start > 0 && LOCAL_PART.test(source[start - 1]!)) start--;
      this.starts.push(start);
    }
    this.starts.sort((a, b) => a - b);
  }

  get none(): boolean {
    return this.starts.length === 0;
  }

  /** The first start at or after `from`, or infinity. */
  from(from: number): number {
    while (this.next < this.starts.length && this.starts[this.next]! < from) this.next++;
    return this.starts[this.next] ?? Infinity;
  }
}
