import { isObjectLike } from './record-fields.js';

/**
 * A command's arguments: those a host declares for the `/` menu (slots in the composer), and the
 * values a sent message's command annotation carries. Both arrive from hosts and storage, so
 * everything here accepts `unknown` and never throws.
 */

/** One argument a command takes: a fill-in slot after the command in the composer. */
export interface CommandArgument {
  name: string;
  description?: string;
  /** An empty required slot blocks the submit. */
  required?: boolean;
  /** Values the slot's menu offers; other text is accepted too. */
  options?: string[];
}

/** The value one argument slot was given when the message was sent. */
export interface CommandArgumentValue {
  name: string;
  value: string;
}

/** A command's `arguments` (declared or filled) hold at most this many entries. */
export const COMMAND_ARGUMENTS_MAX = 32;
/** A declared argument offers at most this many options. */
const OPTIONS_MAX = 256;

/**
 * A fresh copy of an annotation's filled arguments: an array of at most {@link COMMAND_ARGUMENTS_MAX}
 * objects with string `name` and `value` (other fields dropped), or `undefined` for anything else,
 * so a bad list drops the field and keeps the annotation.
 */
export function sanitizeCommandArgumentValues(value: unknown): CommandArgumentValue[] | undefined {
  try {
    const entries = readList(value, COMMAND_ARGUMENTS_MAX);
    if (!entries) return undefined;
    const values: CommandArgumentValue[] = [];
    for (const entry of entries) {
      if (!isObjectLike(entry)) return undefined;
      const { name, value: text } = entry;
      if (typeof name !== 'string' || typeof text !== 'string') return undefined;
      values.push({ name, value: text });
    }
    return values;
  } catch {
    return undefined;
  }
}

/**
 * A command's declared arguments as fresh objects: each with a non-blank `name` (trimmed), an
 * optional string `description`, boolean `required` and string list `options`. A list with any
 * malformed entry, or over {@link COMMAND_ARGUMENTS_MAX}, gives `undefined`.
 */
export function sanitizeCommandArguments(value: unknown): CommandArgument[] | undefined {
  try {
    const entries = readList(value, COMMAND_ARGUMENTS_MAX);
    if (!entries) return undefined;
    const declared: CommandArgument[] = [];
    for (const entry of entries) {
      const argument = readArgument(entry);
      if (!argument) return undefined;
      declared.push(argument);
    }
    return declared;
  } catch {
    return undefined;
  }
}

/**
 * A value as it goes into the prompt: as typed, or in double quotes (`"` and `\\` escaped) when it
 * has whitespace, a quote or a backslash, so a shell-like reader gets the same words back.
 */
export function formatArgumentValue(value: string): string {
  return /[\s"'\\]/.test(value) ? `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"` : value;
}

/**
 * Whether `text` (what follows the command) shows each filled value, as it is written into the
 * prompt, as a whole word and in order; other words (flags, free text) may come between.
 */
export function argumentValuesShownIn(text: string, values: readonly CommandArgumentValue[]): boolean {
  let position = 0;
  for (const { value } of values) {
    const word = formatArgumentValue(value);
    let index = word === '' ? -1 : text.indexOf(word, position);
    while (index >= 0 && !isWordAt(text, index, word.length)) index = text.indexOf(word, index + 1);
    if (index < 0) return false;
    position = index + word.length;
  }
  return true;
}

function isWordAt(text: string, index: number, length: number): boolean {
  const end = index + length;
  return index > 0 && /\s/.test(text.charAt(index - 1)) && (end === text.length || /\s/.test(text.charAt(end)));
}

function readArgument(entry: unknown): CommandArgument | null {
  if (!isObjectLike(entry)) return null;
  const { name, description, required, options } = entry;
  if (typeof name !== 'string' || name.trim() === '') return null;
  if (description !== undefined && typeof description !== 'string') return null;
  if (required !== undefined && typeof required !== 'boolean') return null;
  const optionList = options === undefined ? undefined : readList(options, OPTIONS_MAX);
  if (optionList === undefined && options !== undefined) return null;
  if (optionList && !optionList.every((option) => typeof option === 'string')) return null;
  const argument: CommandArgument = { name: name.trim() };
  if (description !== undefined) argument.description = description;
  if (required !== undefined) argument.required = required;
  if (optionList) argument.options = optionList as string[];
  return argument;
}

/** The entries of an array of at most `max`, each read once, or `undefined`. */
function readList(value: unknown, max: number): unknown[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const length: unknown = value.length;
  if (typeof length !== 'number' || length > max) return undefined;
  return Array.from({ length }, (_, index) => value[index] as unknown);
}
