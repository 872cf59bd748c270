/** `kind:value`, the way a host-kind chip is written out (`@dataset:users`); the kind as a record's grammar has it. */
const WRITTEN = /^([a-z][a-z0-9-]{0,39}):(.*)$/isu;

/** What of a menu item (`MentionItem`) tells how its chip is written out. */
interface WrittenItem {
  label: string;
  record?: { kind: string };
  tag?: { kind: string; label?: string; value?: string; serialized?: string };
}

/** A query written as a chip is written out: the value to ask the providers for, and which items it means. */
export interface WrittenQuery {
  value: string;
  means(item: WrittenItem): boolean;
}

/**
 * A mention query in the form a chip is written out, `kind:value` (`@dataset:us`, as a host-kind
 * chip's serialized text reads, or with the kind's label, `@Dataset:us`), or `null`. A host's
 * search knows its items by name, not by that form: the providers are asked for the value too, and
 * an item found so counts when one of its written forms begins with the query, case aside.
 */
export function writtenQuery(query: string): WrittenQuery | null {
  const match = WRITTEN.exec(query);
  if (!match) return null;
  const wanted = query.toLowerCase();
  return {
    value: match[2]!,
    means: (item) => writtenForms(item).some((form) => form.toLowerCase().startsWith(wanted)),
  };
}

/** How an item's chip reads written out: its serialized text (no trigger), `kind:value` with the kind or its label. */
function writtenForms(item: WrittenItem): string[] {
  const kind = item.tag?.kind ?? item.record?.kind;
  if (typeof kind !== 'string') return [];
  const value = item.tag?.value ?? item.label;
  const kindNames = [kind, item.tag?.label].filter((name): name is string => typeof name === 'string');
  const forms = kindNames.flatMap((name) => [`${name}:${value}`, `${name}:${item.label}`]);
  const serialized = item.tag?.serialized;
  return typeof serialized === 'string' ? [serialized.replace(/^[^\p{L}\p{N}]+/u, ''), ...forms] : forms;
}
