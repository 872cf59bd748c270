import { isolateHistory } from '@codemirror/commands';
import { type ChangeSet, type EditorState, type StateEffect, type Text, type TransactionSpec } from '@codemirror/state';
import {
  type ContextRecord,
  decodeContextRecord,
  escapeMention,
  formatContextReference,
  sanitizeCommandInfo,
  toKindScopedContextId,
} from '../../../core/index.js';
import { hostKindRecord } from '../../shared/host-kind-record.js';
import { argumentInsertion, argumentPieces } from '../../shared/command-arguments.js';
import {
  activeSlots,
  type ArgumentSlot,
  leaveLastSlot,
  setSlots,
  slotSelection,
} from '../editor/atoms/command/command-slots.js';
import { activeCommand } from '../editor/state/draft-codec.js';
import { type PickedCommand, putRecords, setCommand } from '../editor/state/draft-state.js';
import type { Option } from './menu-list.js';
import { closeMenu } from './menu-state.js';
import type { MentionItem } from './providers.js';
import type { Trigger } from './trigger-detection.js';

/** A pick as one transaction, a limit it would break, or nothing to do. */
export type PickResult = { spec: TransactionSpec } | { problem: string } | null;

/**
 * What picking `option` does to the draft: its text (a command, a subcommand, a chip's link or an
 * item's text) in place of the trigger, in one transaction that closes the menu. `insertionProblem`
 * tells why inserting chips for these ids would break a limit, if it would.
 */
export function pickOption(
  state: EditorState,
  trigger: Trigger,
  option: Option,
  insertionProblem: (newIds: readonly string[], newChips: number) => string | undefined,
): PickResult {
  if (option.type === 'command') {
    const clean = sanitizeCommandInfo(option.command);
    if (!clean) return null;
    // A command with subcommands takes its arguments after the subcommand.
    const pieces = clean.subcommands?.length ? [] : argumentPieces(clean);
    return pickCommand(trigger, `/${clean.name} `, pieces, { command: clean, subcommandPath: [] });
  }
  if (option.type === 'subcommand') {
    const picked = activeCommand(state);
    if (!picked) return null;
    const path = [...picked.subcommandPath, option.name];
    return pickCommand(trigger, `${option.name} `, argumentPieces(picked.command), { ...picked, subcommandPath: path });
  }
  if (option.type === 'argument') return pickArgument(state, trigger, option.value);
  return pickItem(trigger, option.item, insertionProblem);
}

/** The command (or subcommand) in place of the trigger, its argument slots after it, the caret in the first. */
function pickCommand(
  trigger: Trigger,
  lead: string,
  pieces: ReturnType<typeof argumentPieces>,
  command: PickedCommand,
): PickResult {
  const { text, slots } = argumentInsertion(lead, pieces);
  const placed: ArgumentSlot[] = slots.map(({ argument, offset }) => ({
    argument,
    from: trigger.from + offset,
    to: trigger.from + offset,
  }));
  const result = replaceTrigger(trigger, text, [], command);
  if (!result || !('spec' in result) || placed.length === 0) return result;
  const effects = [...(result.spec.effects as StateEffect<unknown>[]), setSlots.of(placed)];
  return { spec: { ...result.spec, effects, selection: { anchor: placed[0]!.from } } };
}

/**
 * An option of a slot's menu fills the slot and moves on as Tab does: to the next slot, selected,
 * or past the last one, where the caret leaves the arguments for the message's free text.
 */
function pickArgument(state: EditorState, trigger: Trigger, value: string): PickResult {
  if (trigger.type !== 'argument') return null;
  const slots = activeSlots(state);
  const slot = slots[trigger.slot];
  if (!slot) return null;
  const fill = state.changes({ from: slot.from, to: slot.to, insert: value });
  const next = slots[trigger.slot + 1];
  const moveOn = next
    ? {
        changes: fill,
        selection: slotSelection({ ...next, from: fill.mapPos(next.from, -1), to: fill.mapPos(next.to, 1) }),
        effects: [],
      }
    : leaveFilled(fill.apply(state.doc), fill, [...slots.slice(0, -1), { ...slot, to: slot.from + value.length }]);
  return {
    spec: {
      ...moveOn,
      effects: [closeMenu.of(null), ...moveOn.effects],
      userEvent: 'input.complete',
      annotations: isolateHistory.of('full'),
      scrollIntoView: true,
    },
  };
}

/** Past the last slot once `fill` filled it: `filled` are the slots in the filled document. */
function leaveFilled(doc: Text, fill: ChangeSet, filled: readonly ArgumentSlot[]) {
  const leave = leaveLastSlot(doc, filled);
  return { ...leave, changes: fill.compose(leave.changes) };
}

function pickItem(
  trigger: Trigger,
  item: MentionItem,
  insertionProblem: (newIds: readonly string[], newChips: number) => string | undefined,
): PickResult {
  const record = recordForItem(item);
  if (record) {
    const problem = insertionProblem([record.contextId], 1);
    return problem ? { problem } : replaceTrigger(trigger, `${formatContextReference(record)} `, [record]);
  }
  const text = typeof item.insertText === 'string' ? item.insertText : `@${escapeMention(item.label)}`;
  return replaceTrigger(trigger, `${text.trimEnd()} `, []);
}

function replaceTrigger(
  trigger: Trigger,
  insert: string,
  records: readonly ContextRecord[],
  command?: PickedCommand,
): PickResult {
  return {
    spec: {
      changes: { from: trigger.from, to: trigger.to, insert },
      selection: { anchor: trigger.from + insert.length },
      effects: [
        closeMenu.of(null),
        ...(records.length > 0 ? [putRecords.of(records)] : []),
        ...(command ? [setCommand.of(command)] : []),
      ],
      userEvent: 'input.complete',
      // A pick is one undo step of its own: typing right after it never joins it.
      annotations: isolateHistory.of('full'),
      scrollIntoView: true,
    },
  };
}

/** The chip record an item inserts: its own record, or a host-kind record built from its tag. */
function recordForItem(item: MentionItem): ContextRecord | null {
  if (item.record) {
    const decoded = decodeContextRecord(item.record);
    return decoded.ok ? decoded.record : null;
  }
  const tag = item.tag;
  if (!tag || typeof tag.kind !== 'string') return null;
  const label = tag.label ?? item.label;
  return hostKindRecord({
    kind: tag.kind,
    contextId: toKindScopedContextId(tag.kind, item.id),
    label,
    serialized: (tag.serialized ?? item.insertText ?? `@${escapeMention(label)}`).trim(),
    value: tag.value,
    metadata: tag.metadata,
  });
}
