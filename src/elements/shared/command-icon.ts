import type { CommandInfo } from '../../core/index.js';
import { pathIcon } from './path-icon.js';

/** The three groups of the `/` menu; a command token and a sent command chip show the group's icon. */
export type CommandCategory = 'custom' | 'skill' | 'system';

export const COMMAND_CATEGORIES: readonly CommandCategory[] = ['custom', 'skill', 'system'];

/** An explicit category wins; built-in commands are system, skills are skills, the rest custom. */
export function commandCategory(command: CommandInfo): CommandCategory {
  if (command.displayCategory && COMMAND_CATEGORIES.includes(command.displayCategory)) return command.displayCategory;
  if (command.source === 'builtin-command') return 'system';
  if (command.source === 'bundled-skill' || command.source === 'skill') return 'skill';
  return 'custom';
}

/** 16×16 line icons in `currentColor`: a slash for custom commands, a star for skills, a gear for system ones. */
const PATHS: Readonly<Record<CommandCategory, string>> = {
  custom: 'M10.5 2.5l-5 11',
  skill: 'M8 1.8l1.8 3.9 4.2.5-3.1 2.9.8 4.2L8 11.2l-3.7 2.1.8-4.2L2 6.2l4.2-.5z',
  system:
    'M8 5.6a2.4 2.4 0 1 0 0 4.8a2.4 2.4 0 1 0 0-4.8M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2' +
    'M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
};

/** A new icon element for a command's category. */
export function commandIcon(command: CommandInfo): SVGSVGElement {
  const icon = pathIcon(PATHS[commandCategory(command)]);
  icon.dataset.category = commandCategory(command);
  return icon;
}
