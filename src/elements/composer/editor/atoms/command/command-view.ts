import type { Range } from '@codemirror/state';
import { Decoration, WidgetType } from '@codemirror/view';
import type { CommandArgument, CommandInfo } from '../../../../../core/index.js';
import { commandIcon } from '../../../../shared/command-icon.js';
import type { HeldAtomKind } from '../atom-kinds.js';
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

/**
 * A picked command as a held atom kind: its token (`/name`, atomic and a bidi isolate) and its
 * argument slots (marks over a value, or a placeholder beside the caret in an empty one), placed
 * again whenever the text, the caret or the slots change (there are few).
 */
export const commandAtoms: HeldAtomKind = {
  place(state) {
    const token = commandToken(state);
    if (!token) return { decorations: [], atomic: [] };
    const decorations: Range<Decoration>[] = [
      Decoration.replace({ widget: new CommandTokenWidget(token.picked.command) }).range(token.from, token.to),
    ];
    const slots = activeSlots(state);
    const current = slotAtCaret(state, slots);
    slots.forEach((slot, index) => {
      const { name, description } = slot.argument;
      const active = index === current;
      if (slot.from === slot.to) {
        decorations.push(
          Decoration.widget({ widget: new EmptySlotWidget(slot.argument, active), side: 1 }).range(slot.from),
        );
      } else {
        const attributes = {
          part: 'argument',
          'data-argument': name,
          class: slotClass(active, false),
          ...(description ? { title: description } : {}),
        };
        decorations.push(Decoration.mark({ attributes, inclusive: true }).range(slot.from, slot.to));
      }
    });
    return { decorations, atomic: [token] };
  },
  moved: (transaction) => transaction.docChanged || !!transaction.selection || transaction.effects.length > 0,
};
