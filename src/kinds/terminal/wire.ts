import { boundedString, nonNegativeInt } from '../../core/record-fields.js';
import { numberedTerminalLines } from '../../core/text-format.js';
import type { TerminalContextRecord } from '../../core/types.js';
import { NAME_MAX_CHARS, type KindDefinition } from '../../core/kinds/kind.js';

/** A terminal excerpt: its numbered lines, at most as many as its range holds. */
export const terminalKind: KindDefinition<'terminal'> = {
  fields: ({ trimmed }) => ({
    terminalId: trimmed(NAME_MAX_CHARS),
    terminalLabel: trimmed(NAME_MAX_CHARS),
    lineStart: nonNegativeInt,
    lineEnd: nonNegativeInt,
    text: boundedString(64_000),
  }),
  orderedRange: ['lineStart', 'lineEnd'],
  providerBody: formatTerminalBody,
};

/** Numbered lines from `lineStart`, at most as many as the range holds. */
function formatTerminalBody(record: TerminalContextRecord): string {
  const { lineStart, lineEnd, text } = record;
  const maxLines = lineEnd - lineStart + 1;
  // The line-by-line walk below is for a well-formed range; any other value keeps the exact
  // semantics of `split` + `slice` (a negative count drops lines from the end).
  if (typeof lineStart !== 'number' || !Number.isSafeInteger(maxLines) || maxLines < 0 || typeof text !== 'string') {
    return [`terminal: ${record.terminalLabel}`, ...numberedTerminalLines(record)].join('\n');
  }
  let body = `terminal: ${record.terminalLabel}`;
  let lineFrom = 0;
  for (let index = 0; index < maxLines; index++) {
    const lineFeed = text.indexOf('\n', lineFrom);
    body += `\n${lineStart + index} | ${text.slice(lineFrom, lineFeed === -1 ? text.length : lineFeed)}`;
    if (lineFeed === -1) break;
    lineFrom = lineFeed + 1;
  }
  return body;
}
