import { css } from 'lit';
import { collectContextReferences, type CommandSegment } from '../../core/index.js';
import { commandIcon } from '../shared/command-icon.js';
import { adoptLateStyles } from '../shared/late-styles.js';

/**
 * A sent message's command annotation as a chip: the command's category icon and `/name`, with
 * its description and filled arguments as details on hover and keyboard focus. Plain DOM, built
 * with the rest of the message body; the text shown is the annotation's, which sanitising has
 * already checked against the message. An annotation whose text is not `/name` of its command
 * gives that text alone. A chunk of its own: only a message with a command loads it.
 */

/** Builds the command chips of a message whose shadow root is `root`, and gives that root their styles. */
export function commandChipsIn(root: Element | DocumentFragment): (segment: CommandSegment) => Node {
  adoptLateStyles(root, commandChipStyles);
  return commandChip;
}

function commandChip(segment: CommandSegment): Node {
  // A range whose text names another command is not this command's chip: it shows as the text it is.
  if (!namesCommand(segment)) return document.createTextNode(segment.text);
  const chip = document.createElement('span');
  chip.className = 'command command-chip';
  chip.setAttribute('part', 'command');
  chip.setAttribute('role', 'group');
  chip.setAttribute('aria-label', segment.text);
  chip.dataset.copy = segment.text;
  const face = chip.appendChild(document.createElement('span'));
  face.className = 'command-face';
  face.append(commandIcon(segment.command), segment.text);
  const details = commandDetails(segment);
  if (details) {
    chip.setAttribute('aria-describedby', details.id);
    chip.append(details);
  }
  return chip;
}

function namesCommand({ text, command }: CommandSegment): boolean {
  const name = `/${command.name}`;
  return text === name || (text.startsWith(name) && /\s/.test(text.charAt(name.length)));
}

function commandDetails(segment: CommandSegment): HTMLElement | null {
  const { description } = segment.command;
  const values = segment.arguments ?? [];
  if (!description && values.length === 0) return null;
  const details = document.createElement('span');
  details.className = 'command-details';
  details.id = 'command-details';
  details.setAttribute('part', 'command-details');
  details.setAttribute('role', 'tooltip');
  if (description) appendLine(details, 'command-description').textContent = description;
  for (const { name, value } of values) {
    const line = appendLine(details, 'command-argument');
    line.appendChild(document.createElement('span')).textContent = name;
    line.appendChild(document.createElement('span')).textContent = withLabels(value);
  }
  return details;
}

/** A value as a reader sees it: each context link in it (a chip put into a slot) as its label. */
function withLabels(value: string): string {
  let shown = '';
  let position = 0;
  for (const { start, end, label } of collectContextReferences(value)) {
    shown += value.slice(position, start) + label;
    position = end;
  }
  return shown + value.slice(position);
}

function appendLine(parent: HTMLElement, className: string): HTMLElement {
  const line = parent.appendChild(document.createElement('span'));
  line.className = className;
  return line;
}

/** The command chip looks like a context chip; its details show under it while it is hovered or focused. */
const commandChipStyles = css`
  .command-chip {
    position: relative;
    display: inline-block;
    white-space: normal;
    unicode-bidi: isolate;
  }

  .command-face {
    display: inline-flex;
    align-items: center;
    gap: 0.25em;
    padding: 0 0.4em;
    border: 1px solid var(--_t3-chip-border-color);
    border-radius: 0.4em;
    background: var(--_t3-chip-background);
    color: var(--_t3-link-color);
    font-weight: 600;
    user-select: none;
  }

  .command-chip:focus-visible {
    outline: 2px solid var(--_t3-focus-ring);
    outline-offset: 1px;
    border-radius: 0.4em;
  }

  .command-details {
    display: none;
    position: absolute;
    inset-block-start: calc(100% + 4px);
    inset-inline-start: 0;
    z-index: 1;
    min-inline-size: 12em;
    max-inline-size: min(24em, 80vw);
    padding: 0.4em 0.6em;
    border: 1px solid var(--_t3-popover-border-color);
    border-radius: 0.5em;
    background: var(--_t3-popover-background);
    color: var(--_t3-popover-color);
    font-weight: normal;
    box-shadow: 0 4px 14px rgb(0 0 0 / 0.15);
  }

  .command-chip:hover .command-details,
  .command-chip:focus .command-details,
  .command-chip:focus-within .command-details {
    display: block;
  }

  .command-description,
  .command-argument {
    display: block;
  }

  .command-argument {
    display: flex;
    gap: 0.6em;
  }

  .command-argument > :first-child {
    color: var(--_t3-muted-color);
  }

  .command-argument > :last-child {
    overflow-wrap: anywhere;
  }
`;
