import type { EditorState } from '@codemirror/state';
import type { CommandInfo } from '../../../core/index.js';
import { activeSlots } from '../editor/atoms/command/command-slots.js';
import { activeCommand, COMMAND_HEAD } from '../editor/state/draft-codec.js';
import { matchSubcommands } from './commands.js';
import { type MentionProvider, triggerOf, usableProviders } from './providers.js';
import { findCommandTrigger, findMentionTrigger } from './triggers.js';

/** How far back from the caret a trigger is looked for: longer queries are not mentions. */
const MAX_QUERY_SCAN = 256;

/** What is being typed before the caret that opens a menu. */
export type Trigger =
  | { type: 'mention'; from: number; to: number; query: string; trigger: string }
  | { type: 'command'; from: number; to: number; query: string }
  | { type: 'subcommand'; from: number; to: number; query: string; command: CommandInfo }
  | {
      type: 'argument';
      from: number;
      to: number;
      query: string;
      slot: number;
      name: string;
      options: readonly string[];
    };

/** A key that tells one trigger from another: the same key means the same menu. */
export function triggerKey(trigger: Trigger): string {
  return `${trigger.type}:${trigger.from}:${trigger.query}`;
}

/**
 * The trigger before the caret in an editor state, or `null`. Pure: reads only the draft's head
 * and the caret's neighbourhood, never the whole draft. `commandInfo` gives the host's current
 * description of a picked command (a restored draft may know only its name).
 */
export function detectTrigger(
  state: EditorState,
  commands: readonly CommandInfo[],
  providers: readonly MentionProvider[],
  commandInfo: (command: CommandInfo) => CommandInfo,
): Trigger | null {
  const argument = argumentTrigger(state);
  if (argument) return argument;
  const selection = state.selection.main;
  if (!selection.empty) return null;
  const caret = selection.head;
  const text = state.doc.sliceString(0, Math.min(state.doc.length, COMMAND_HEAD));
  const picked = activeCommand(state);
  if (picked) {
    const subcommand = subcommandTrigger(text, caret, commandInfo(picked.command), picked.subcommandPath);
    if (subcommand) return subcommand;
  } else if (commands.length > 0 && caret <= MAX_QUERY_SCAN) {
    const command = findCommandTrigger(text, caret);
    if (command) return { type: 'command', from: 0, to: caret, query: command.query };
  }
  const usable = usableProviders(providers);
  if (usable.length === 0) return null;
  const line = state.doc.lineAt(caret);
  const from = Math.max(line.from, caret - MAX_QUERY_SCAN);
  const match = findMentionTrigger(state.doc.sliceString(from, caret), from, caret, [
    ...new Set(usable.map(triggerOf)),
  ]);
  // A trigger at the very start of a cut-off window may follow any character: not a mention.
  if (!match || (match.from === from && from > line.from)) return null;
  return { type: 'mention', from: match.from, to: caret, query: match.query, trigger: match.trigger };
}

/**
 * A slot with options, holding the caret or selected whole: its menu offers the options that
 * contain what the slot holds (all of them while it is selected whole), and none when no option
 * matches, so any other value can be typed.
 */
function argumentTrigger(state: EditorState): Trigger | null {
  const slots = activeSlots(state);
  if (slots.length === 0) return null;
  const selection = state.selection.main;
  const index = slots.findIndex((slot) =>
    selection.empty ? slot.from <= selection.head && selection.head <= slot.to : slot.from === selection.from,
  );
  const slot = slots[index];
  if (!slot?.argument.options?.length || (!selection.empty && selection.to !== slot.to)) return null;
  const query = selection.empty ? state.doc.sliceString(slot.from, slot.to).trim() : '';
  // A slot that already holds one of its options (just picked) keeps its menu closed until selected whole.
  if (slot.argument.options.some((option) => option.toLowerCase() === query.toLowerCase())) return null;
  const options = matchArgumentOptions(slot.argument.options, query);
  if (options.length === 0) return null;
  return { type: 'argument', from: slot.from, to: slot.to, query, slot: index, name: slot.argument.name, options };
}

/** Options that contain the query, those starting with it first. */
export function matchArgumentOptions(options: readonly string[], query: string): string[] {
  const needle = query.toLowerCase();
  const matching = options.filter((option) => typeof option === 'string' && option.toLowerCase().includes(needle));
  return [
    ...matching.filter((option) => option.toLowerCase().startsWith(needle)),
    ...matching.filter((option) => !option.toLowerCase().startsWith(needle)),
  ];
}

/** Subcommands are one level deep: once one is picked, or what is typed matches none, the rest is free text. */
function subcommandTrigger(text: string, caret: number, command: CommandInfo, path: readonly string[]): Trigger | null {
  if (!command.subcommands?.length || path.length > 0) return null;
  const prefix = `/${command.name} `;
  if (!text.startsWith(prefix) || caret < prefix.length || caret > text.length) return null;
  const query = text.slice(prefix.length, caret);
  if (!/^\S*$/.test(query) || matchSubcommands(command, query).length === 0) return null;
  return { type: 'subcommand', from: prefix.length, to: caret, query, command };
}
