import { isolateHistory } from '@codemirror/commands';
import type { EditorState, TransactionSpec } from '@codemirror/state';
import {
  type ContextRecord,
  decodeContextRecord,
  escapeMention,
  formatContextReference,
  sanitizeCommandInfo,
  toKindScopedContextId,
} from '../../../core/index.js';
import { hostKindRecord } from '../../shared/host-kind-record.js';
import { activeCommand } from '../editor/draft.js';
import { type PickedCommand, putRecords, setCommand } from '../editor/draft-state.js';
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
    return clean ? replaceTrigger(trigger, `/${clean.name} `, [], { command: clean, subcommandPath: [] }) : null;
  }
  if (option.type === 'subcommand') {
    const picked = activeCommand(state);
    if (!picked) return null;
    const path = [...picked.subcommandPath, option.name];
    return replaceTrigger(trigger, `${option.name} `, [], { ...picked, subcommandPath: path });
  }
  return pickItem(trigger, option.item, insertionProblem);
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
