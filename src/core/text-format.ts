import type { TerminalContextRecord } from './types.js';

/** Text forms shared by the provider projection and the legacy serializer. */

/** `&`, `"`, `<` and `>` as entities: a value safe inside a double-quoted attribute. */
export function escapeAttribute(value: string): string {
  if (!/[&"<>]/.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The terminal's text as lines numbered from `lineStart` (`509 | …`), at most as many as the
 * range holds; with the exact semantics of `split` + `slice` for any range (a negative count drops
 * lines from the end).
 */
export function numberedTerminalLines(record: TerminalContextRecord): string[] {
  return record.text
    .split('\n')
    .slice(0, record.lineEnd - record.lineStart + 1)
    .map((line, index) => `${record.lineStart + index} | ${line}`);
}
