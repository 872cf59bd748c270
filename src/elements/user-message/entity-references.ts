/**
 * Named character references a message decodes without the table (`entity-names.ts`): markup and
 * the no-break space, what Markdown written by people and models names almost always.
 */
export const BUILT_IN_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
]);

const NAMED_REFERENCE = /&([A-Za-z][A-Za-z0-9]{1,31});/g;

/** Whether `text` names a character reference the built-in few do not hold: its Markdown needs the table. */
export function needsEntityTable(text: string): boolean {
  if (!text.includes('&')) return false;
  for (const [, name] of text.matchAll(NAMED_REFERENCE)) if (!BUILT_IN_ENTITIES.has(name!)) return true;
  return false;
}
