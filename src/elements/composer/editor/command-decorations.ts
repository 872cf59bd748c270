import { type EditorState, type Extension, type Range, RangeSet, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, WidgetType } from '@codemirror/view';
import type { CommandArgument, CommandInfo } from '../../../core/index.js';
import { commandIcon } from '../../shared/command-icon.js';
import { activeSlots, commandToken, slotAtCaret } from './command-slots.js';

/** The picked command as one token: its category icon and `/name`, atomic like a chip. */
class CommandTokenWidget extends WidgetType {
  constructor(readonly command: CommandInfo) {
    super();
  }

  override eq(other: CommandTokenWidget): boolean {
    return other.command.name === this.command.name && other.command.displayCategory === this.command.displayCategory;
  }

  override toDOM(): HTMLElement {
    const token = document.createElement('span');
    token.className = 'cm-t3-command';
    token.setAttribute('part', 'command');
    token.setAttribute('contenteditable', 'false');
    token.append(commandIcon(this.command), `/${this.command.name}`);
    if (this.command.description) token.title = this.command.description;
    return token;
  }

  /** The editor takes a press on the token, so the caret lands beside it. */
  override ignoreEvent(): boolean {
    return false;
  }
}

/** An empty slot: its argument's name as a placeholder, drawn beside the caret, never in the text. */
class EmptySlotWidget extends WidgetType {
  constructor(
    readonly argument: CommandArgument,
    readonly active: boolean,
  ) {
    super();
  }

  override eq(other: EmptySlotWidget): boolean {
    return other.argument === this.argument && other.active === this.active;
  }

  override toDOM(): HTMLElement {
    const slot = document.createElement('span');
    slot.className = slotClass(this.active, true);
    slot.setAttribute('part', 'argument');
    slot.setAttribute('contenteditable', 'false');
    const { name, description, required } = this.argument;
    slot.dataset.argument = name;
    if (required) slot.dataset.required = '';
    if (description) slot.title = description;
    slot.textContent = name;
    return slot;
  }

  override ignoreEvent(): boolean {
    return false;
  }
}

function slotClass(active: boolean, empty: boolean): string {
  return `cm-t3-argument${empty ? ' cm-t3-argument-empty' : ''}${active ? ' cm-t3-argument-active' : ''}`;
}

function buildDecorations(state: EditorState): DecorationSet {
  const token = commandToken(state);
  if (!token) return Decoration.none;
  const command = token.picked.command;
  const ranges: Range<Decoration>[] = [
    Decoration.replace({ widget: new CommandTokenWidget(command) }).range(token.from, token.to),
  ];
  const slots = activeSlots(state);
  const current = slotAtCaret(state, slots);
  slots.forEach((slot, index) => {
    const { name, description } = slot.argument;
    const active = index === current;
    if (slot.from === slot.to) {
      ranges.push(Decoration.widget({ widget: new EmptySlotWidget(slot.argument, active), side: 1 }).range(slot.from));
    } else {
      const attributes = {
        part: 'argument',
        'data-argument': name,
        class: slotClass(active, false),
        ...(description ? { title: description } : {}),
      };
      ranges.push(Decoration.mark({ attributes, inclusive: true }).range(slot.from, slot.to));
    }
  });
  return Decoration.set(ranges, true);
}

/** The token and the slots, drawn again whenever the text, the caret or the slots change (there are few). */
const commandDecorations = StateField.define<DecorationSet>({
  create: buildDecorations,
  update: (decorations, transaction) =>
    transaction.docChanged || transaction.selection || transaction.effects.length > 0
      ? buildDecorations(transaction.state)
      : decorations,
});

/** The command token and its slots in the editor; the token is atomic for the caret, selection and deletion. */
export function commandDecorationExtension(): Extension {
  return [
    commandDecorations,
    EditorView.decorations.from(commandDecorations),
    EditorView.atomicRanges.of((view) => {
      const token = commandToken(view.state);
      return token ? RangeSet.of(Decoration.mark({}).range(token.from, token.to)) : Decoration.none;
    }),
    // The token is isolated in the DOM; the editor must know it too, or caret motion in
    // right-to-left text around it would ignore the isolate.
    EditorView.bidiIsolatedRanges.of((view) => {
      const token = commandToken(view.state);
      return token
        ? Decoration.set(Decoration.mark({ bidiIsolate: null }).range(token.from, token.to))
        : Decoration.none;
    }),
  ];
}
