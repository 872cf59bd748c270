import type { CommandArgument, CommandInfo } from '../../core/index.js';

export { formatArgumentValue } from '../../core/index.js';

/**
 * What follows a picked command: its argument slots in order, and the literal flags of an
 * `argumentHint` between them. Pure, so the rules hold without an editor.
 */
export type ArgumentPiece = { type: 'slot'; argument: CommandArgument } | { type: 'text'; text: string };

/** `<name>`, `[name]` or a `--flag`, each after optional whitespace. */
const HINT_TOKEN = /\s*(?:<([^<>]+)>|\[([^[\]]+)\]|(--?[\p{L}\p{N}][\p{L}\p{N}_=-]*))/uy;

/**
 * A command's argument pieces: its declared `arguments` when it has them, else those its
 * `argumentHint` spells (`<name>` required, `[name]` optional, `--flag` kept as text; `[--flag]`
 * is left out, since the user chooses it). A hint with anything else (`light|dark`, prose) gives
 * no slots, and neither does a hint of flags alone.
 */
export function argumentPieces(command: CommandInfo): ArgumentPiece[] {
  if (command.arguments && command.arguments.length > 0) {
    return command.arguments.map((argument) => ({ type: 'slot', argument }));
  }
  const hint = command.argumentHint?.trim();
  if (!hint) return [];
  const pieces: ArgumentPiece[] = [];
  HINT_TOKEN.lastIndex = 0;
  while (HINT_TOKEN.lastIndex < hint.length) {
    const match = HINT_TOKEN.exec(hint);
    if (!match) return [];
    const [, required, optional, flag] = match;
    const name = (required ?? optional)?.trim();
    if (flag) pieces.push({ type: 'text', text: flag });
    else if (name && !name.startsWith('-') && !/\s{2,}|[<>[\]|]/.test(name))
      pieces.push({ type: 'slot', argument: required ? { name, required: true } : { name } });
    else if (!name?.startsWith('-')) return [];
  }
  return pieces.some((piece) => piece.type === 'slot') ? pieces : [];
}

/**
 * The text that follows a picked command (or subcommand) and where its slots stand in it: `lead`
 * (`/name ` or `sub `), then the pieces one space apart, each slot empty at its offset.
 */
export function argumentInsertion(
  lead: string,
  pieces: readonly ArgumentPiece[],
): { text: string; slots: { argument: CommandArgument; offset: number }[] } {
  let text = lead;
  const slots: { argument: CommandArgument; offset: number }[] = [];
  pieces.forEach((piece, index) => {
    if (index > 0) text += ' ';
    if (piece.type === 'slot') slots.push({ argument: piece.argument, offset: text.length });
    else text += piece.text;
  });
  return { text, slots };
}
