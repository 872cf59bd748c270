import type { CommandInfo } from '../../../core/index.js';
import { COMMAND_CATEGORIES as CATEGORY_ORDER, commandCategory } from '../../shared/command-icon.js';

export { type CommandCategory, commandCategory } from '../../shared/command-icon.js';

/** Commands whose name contains the query (prefix matches first), grouped by category. */
export function matchCommands(commands: readonly CommandInfo[], query: string, limit: number): CommandInfo[] {
  const needle = query.toLowerCase();
  const scored = commands
    .filter((command) => typeof command?.name === 'string' && command.name !== '')
    .map((command, index) => ({ command, index, position: command.name.toLowerCase().indexOf(needle) }))
    .filter(({ position }) => position >= 0);
  scored.sort(
    (a, b) =>
      CATEGORY_ORDER.indexOf(commandCategory(a.command)) - CATEGORY_ORDER.indexOf(commandCategory(b.command)) ||
      Number(a.position !== 0) - Number(b.position !== 0) ||
      a.index - b.index,
  );
  return scored.slice(0, limit).map(({ command }) => command);
}

/** Subcommands of a command that start with the typed part. */
export function matchSubcommands(command: CommandInfo, query: string): string[] {
  const needle = query.toLowerCase();
  return (command.subcommands ?? []).filter(
    (name) => typeof name === 'string' && name.toLowerCase().startsWith(needle),
  );
}
