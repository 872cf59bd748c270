import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { link, reviewComment, terminal } from '../../support/records.js';
import { centre, part, waitFor } from './support/interaction.js';

/**
 * A chip in a sent message under the pointer, moved and clicked for real: a click selects none of
 * its label, and its hover card never keeps the pointer from another chip.
 */

const LONG_TERMINAL = {
  ...terminal,
  contextId: 'terminal_tall',
  lineStart: 1,
  lineEnd: 8,
  text: Array.from({ length: 8 }, (_, index) => `line ${index + 1} of a long excerpt`).join('\n'),
};

async function sentMessage(text: string, records: object[], style = ''): Promise<T3UserMessage> {
  const message = await fixture<T3UserMessage>(
    html`<t3-user-message style=${style} .text=${text} .context=${{ version: 1, records }}></t3-user-message>`,
  );
  await message.updateComplete;
  return message;
}

const chipsOf = (message: T3UserMessage) => [...message.shadowRoot!.querySelectorAll<T3ContextChip>('t3-context-chip')];
const isOpen = (chip: T3ContextChip) => part(chip, 'details')?.matches(':popover-open') ?? false;

afterEach(async () => {
  document.getSelection()!.removeAllRanges();
  await sendMouse({ type: 'move', position: [0, 0] });
  await sendMouse({ type: 'up' });
});

describe('a click on a chip in a sent message', () => {
  it('selects none of its label, and still activates it', async () => {
    const message = await sentMessage(`Look at ${link(terminal)} now`, [terminal]);
    const [chip] = chipsOf(message);
    let activated = 0;
    chip!.addEventListener('t3-chip-activate', () => activated++);
    await sendMouse({ type: 'click', position: centre(part(chip!, 'label')!) });
    expect(activated).to.equal(1);
    expect(document.getSelection()!.toString()).to.equal('');
    // Chromium's selection inside a shadow tree, which the document's selection does not always show.
    const root = message.shadowRoot as ShadowRoot & { getSelection?: () => Selection | null };
    expect(root.getSelection?.()?.toString() ?? '').to.equal('');
    const selection = document.getSelection()!;
    expect(selection.rangeCount === 0 || selection.getRangeAt(0).collapsed).to.equal(true);
  });

  it('a double click selects none of it either', async () => {
    const message = await sentMessage(`Look at ${link(terminal)} now`, [terminal]);
    const [chip] = chipsOf(message);
    await sendMouse({ type: 'click', position: centre(part(chip!, 'label')!) });
    await sendMouse({ type: 'click', position: centre(part(chip!, 'label')!) });
    expect(document.getSelection()!.toString()).to.equal('');
  });
});

describe("a chip's hover card", () => {
  it('opens only after a short delay on hover', async () => {
    const message = await sentMessage(`Look at ${link(terminal)} now`, [terminal]);
    const [chip] = chipsOf(message);
    await sendMouse({ type: 'move', position: centre(chip!) });
    expect(isOpen(chip!)).to.equal(false);
    await waitFor(() => isOpen(chip!), 'the card to open');
  });

  it('closes when the pointer enters another chip, even one the card covers, and that chip opens', async () => {
    // Two chips on two lines at the foot of the page: the lower chip's card opens upwards, over the upper one.
    const message = await sentMessage(
      `${link(reviewComment)}\n${link(LONG_TERMINAL)}`,
      [reviewComment, LONG_TERMINAL],
      'position: fixed; inset-block-end: 4px; inset-inline-start: 8px; inline-size: 360px;',
    );
    const [upper, lower] = chipsOf(message);
    await sendMouse({ type: 'move', position: centre(lower!) });
    await waitFor(() => isOpen(lower!), 'the lower card to open');
    const card = part(lower!, 'details')!.getBoundingClientRect();
    const target = centre(upper!);
    expect(card.top).to.be.below(target[1], 'the card covers the upper chip');
    await sendMouse({ type: 'move', position: target });
    await waitFor(() => !isOpen(lower!), 'the lower card to close');
    await waitFor(() => isOpen(upper!), 'the upper card to open');
  });

  it('closes the card of a chip when the pointer enters another chip beside it', async () => {
    const message = await sentMessage(`${link(terminal)} and ${link(reviewComment)}`, [terminal, reviewComment]);
    const [first, second] = chipsOf(message);
    await sendMouse({ type: 'move', position: centre(first!) });
    await waitFor(() => isOpen(first!), 'the first card to open');
    await sendMouse({ type: 'move', position: centre(second!) });
    await waitFor(() => !isOpen(first!), 'the first card to close');
    await waitFor(() => isOpen(second!), 'the second card to open');
  });
});
