/** Characters after which a mention trigger opens the menu (besides line start and whitespace). */
const OPENERS = new Set(['(', '[', '{', "'", '"']);
/** What a mention query may contain: letters, digits, `_ . / : -` and backslash escapes. */
const QUERY = /^(?:[\p{L}\p{N}\p{M}_./:-]|\\.)*$/u;

export interface TriggerMatch {
  trigger: string;
  /** Offset of the trigger character in the document. */
  from: number;
  query: string;
}

/**
 * The mention being typed just before `caret`, when the text between a trigger and the caret is a
 * valid query and the trigger sits at line start, after whitespace or after `( [ { ' "` — so
 * `hello@example.com` never opens the menu.
 */
export function findMentionTrigger(
  lineText: string,
  lineStart: number,
  caret: number,
  triggers: readonly string[],
): TriggerMatch | null {
  const before = lineText.slice(0, caret - lineStart);
  let best: TriggerMatch | null = null;
  for (const trigger of triggers) {
    const index = before.lastIndexOf(trigger);
    if (index < 0) continue;
    const query = before.slice(index + trigger.length);
    if (!QUERY.test(query)) continue;
    const previous = index > 0 ? before.charAt(index - 1) : '';
    if (previous !== '' && !/\s/.test(previous) && !OPENERS.has(previous)) continue;
    if (!best || index > best.from - lineStart) best = { trigger, from: lineStart + index, query };
  }
  return best;
}

/** `/query` at the very start of the draft, while the caret is still in the command name. */
export function findCommandTrigger(text: string, caret: number): { query: string } | null {
  if (!text.startsWith('/')) return null;
  const name = text.slice(1, caret);
  return caret >= 1 && /^[^\s/]*$/.test(name) ? { query: name } : null;
}
