/**
 * The text form of an @-mention: a path or name with every character that could end or bend the
 * mention escaped by a backslash, so `@space\ name.md` stays one token for the model and the CLI.
 */

/**
 * ANSI escape sequences: CSI (`ESC [` or 0x9B, parameters, intermediates, final byte), OSC
 * (`ESC ]` or 0x9D up to BEL, `ESC \` or ST) and two-byte/nF escapes. The character classes are
 * disjoint, so matching stays linear on any input.
 */
const CSI = String.raw`(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]`;
const OSC = String.raw`(?:\x1b\]|\x9d)[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)`;
const OTHER_ESCAPE = String.raw`\x1b[\x20-\x2f]*[\x30-\x7e]`;
const ANSI_SEQUENCE = new RegExp(`${CSI}|${OSC}|${OTHER_ESCAPE}`, 'g');

/** C0 and C1 controls, DEL, U+200B, and the BiDi controls (marks, embeddings, isolates). */
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const STRIPPED_CHARACTERS = /[\x00-\x1f\x7f-\x9f\u200b\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

/** Everything but letters, combining marks, digits, `_`, `.`, `/` and `-` is escaped. */
const UNSAFE_CHARACTER = /[^\p{L}\p{M}\p{N}_./-]/gu;

const ESCAPED_CHARACTER = /\\(.)/gsu;

/** Removes ANSI escape sequences, control, zero-width and BiDi control characters. */
export function stripMentionControls(text: string): string {
  return text.replace(ANSI_SEQUENCE, '').replace(STRIPPED_CHARACTERS, '');
}

/**
 * Strips controls (see {@link stripMentionControls}), then puts a backslash before every character
 * other than a letter, combining mark, digit, `_`, `.`, `/` or `-`. Empty input, or input made only
 * of stripped characters, gives `''`. A non-string gives `''`.
 */
export function escapeMention(text: string): string {
  if (typeof text !== 'string') return '';
  return stripMentionControls(text).replace(UNSAFE_CHARACTER, '\\$&');
}

/** Removes escaping backslashes (`\x` → `x`, per code point). A trailing lone backslash stays. */
export function unescapeMention(text: string): string {
  if (typeof text !== 'string') return '';
  return text.replace(ESCAPED_CHARACTER, '$1');
}
