import { BUILT_IN_ENTITIES } from './entity-references.js';

/**
 * HTML character references, decoded the CommonMark way: numeric references always, named ones
 * from the built-in few and, once the message has loaded it for text that needs it, the table of
 * the common entities (`entity-names.ts`); an unknown name stays as written. Only a reference that
 * ends with `;` counts.
 */

let namedEntities: ReadonlyMap<string, string> = BUILT_IN_ENTITIES;

/** The table of named references, once loaded: every later decode uses it. */
export function useNamedEntities(table: ReadonlyMap<string, string>): void {
  if (namedEntities === BUILT_IN_ENTITIES) namedEntities = new Map([...BUILT_IN_ENTITIES, ...table]);
}

const CHARACTER_REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;
const REPLACEMENT_CHARACTER = '\ufffd';

function fromCodePoint(codePoint: number): string {
  const invalid = codePoint === 0 || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff);
  return invalid ? REPLACEMENT_CHARACTER : String.fromCodePoint(codePoint);
}

/** Decodes every character reference in one pass, so `&amp;lt;` becomes `&lt;`, never `<`. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(CHARACTER_REFERENCE, (reference, decimal?: string, hex?: string, name?: string) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return namedEntities.get(name!) ?? reference;
  });
}
