import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import { rovingTarget } from '../../src/elements/user-message/roving-focus.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { file, link, mention, pullRequestComment, skill, terminal } from '../../support/records.js';
import { centre, nextClipboardWrite, part, waitFor } from './support/interaction.js';

/** The focused element, through every open shadow root. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function chipsOf(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll<T3ContextChip>('t3-context-chip')];
}

/** What a message's focus moves among, as the user meets them: chip bases, links, the copy control. */
function stops(message: T3UserMessage): HTMLElement[] {
  return [...message.shadowRoot!.querySelectorAll<HTMLElement>('t3-context-chip, a[href], [part~="copy"]')].map(
    (item) => (item.localName === 't3-context-chip' ? part(item, 'base')! : item),
  );
}

/** Which of the message's items Tab would reach (tabindex 0), once every chip has rendered. */
async function tabStops(message: T3UserMessage): Promise<HTMLElement[]> {
  await Promise.all(chipsOf(message).map((chip) => chip.updateComplete));
  return stops(message).filter((item) => item.tabIndex === 0);
}

async function press(key: string, times = 1): Promise<void> {
  for (let n = 0; n < times; n++) await sendKeys({ press: key });
}

function expectFocusOn(target: Element | null | undefined, what: string): void {
  const active = deepActiveElement();
  // Compared by identity: a failing chai `equal` on elements prints them at length.
  expect(active === target, `focus on ${what}, not on <${active?.localName} ${active?.className}>`).to.be.true;
}

const records = [terminal, file, mention, skill, pullRequestComment];

/** Three messages of several chips each (the first with a link too), between two buttons. */
async function transcript(dir: 'ltr' | 'rtl' = 'ltr') {
  const root = await fixture<HTMLElement>(html`<div dir=${dir}>
    <button id="before">before</button>
    <t3-user-message
      .text=${`First ${link(terminal)} and ${link(file)} then ${link(mention)}, see [docs](https://example.com/docs)`}
      .context=${{ version: 1, records }}
    ></t3-user-message>
    <t3-user-message
      .text=${`Second ${link(skill)} ${link(pullRequestComment)} ${link(file)}`}
      .context=${{ version: 1, records }}
    ></t3-user-message>
    <t3-user-message
      .content=${'Third @src/index.ts and @report.pdf'}
      .inputAnnotations=${[
        { type: 'reference', start: 6, end: 19, text: '@src/index.ts', reference: { id: 'm_1', kind: 'mention' } },
        { type: 'reference', start: 24, end: 35, text: '@report.pdf', reference: { id: 'file_1', kind: 'file' } },
      ]}
      .context=${{ version: 1, records }}
    ></t3-user-message>
    <button id="after">after</button>
  </div>`);
  const messages = [...root.querySelectorAll<T3UserMessage>('t3-user-message')];
  await Promise.all(messages.map((message) => message.updateComplete));
  await Promise.all(messages.flatMap(chipsOf).map((chip) => chip.updateComplete));
  return {
    messages,
    before: root.querySelector<HTMLButtonElement>('#before')!,
    after: root.querySelector<HTMLButtonElement>('#after')!,
  };
}

describe('<t3-user-message> in a transcript: one tab stop per message', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('Tab crosses three messages of several chips in three presses, and Shift+Tab back in three', async () => {
    const { messages, before, after } = await transcript();
    for (const message of messages) expect(await tabStops(message)).to.have.length(1);
    before.focus();
    for (const message of messages) {
      await press('Tab');
      expectFocusOn(stops(message)[0], 'the first chip of the next message');
    }
    await press('Tab');
    expectFocusOn(after, 'the button after the transcript');
    for (const message of [...messages].reverse()) {
      await press('Shift+Tab');
      expectFocusOn(stops(message)[0], 'the first chip of the message before');
    }
    await press('Shift+Tab');
    expectFocusOn(before, 'the button before the transcript');
  });

  it('moves among the chips, the link and the copy control with the arrows, Home and End, within one message', async () => {
    const { messages, before } = await transcript();
    const [first, second] = messages;
    const items = stops(first!);
    expect(items.map((item) => item.localName)).to.deep.equal(['span', 'span', 'span', 'a', 'button']);
    before.focus();
    await press('Tab');
    for (const [key, index] of [
      ['ArrowRight', 1],
      ['ArrowRight', 2],
      ['ArrowDown', 3],
      ['ArrowRight', 4],
      ['ArrowRight', 4],
      ['ArrowLeft', 3],
      ['ArrowUp', 2],
      ['Home', 0],
      ['ArrowLeft', 0],
      ['End', 4],
    ] as const) {
      await press(key);
      expectFocusOn(items[index], `item ${index} after ${key}`);
      // Only the focused item is in the tab order; the other message keeps its own stop.
      expect(await tabStops(first!)).to.deep.equal([items[index]]);
      expect(await tabStops(second!)).to.deep.equal([stops(second!)[0]]);
    }
  });

  it('comes back by Tab to the item focused last, and Tab leaves a message from any item', async () => {
    const { messages, before } = await transcript();
    const [first, second] = messages;
    before.focus();
    await press('Tab');
    await press('ArrowRight', 2);
    const third = stops(first!)[2];
    expectFocusOn(third, 'the third chip');
    await press('Tab');
    expectFocusOn(stops(second!)[0], 'the next message');
    await press('Shift+Tab');
    expectFocusOn(third, 'the chip focused last');
  });

  it('a click on a chip makes it the message’s tab stop', async () => {
    const { messages, before } = await transcript();
    const [, second] = messages;
    const last = stops(second!)[2]!;
    await sendMouse({ type: 'click', position: centre(last) });
    expectFocusOn(last, 'the clicked chip');
    expect(await tabStops(second!)).to.deep.equal([last]);
    before.focus();
    await press('Tab', 2);
    expectFocusOn(last, 'the clicked chip, by Tab');
  });

  it('Enter and Space activate a chip reached with the arrows; Enter on the copy control copies', async () => {
    const { messages, before } = await transcript();
    const [first] = messages;
    const activated: string[] = [];
    first!.addEventListener('t3-chip-activate', (event) => activated.push(event.detail.contextId));
    before.focus();
    await press('Tab');
    await press('ArrowRight');
    await press('Enter');
    await press('ArrowRight');
    await press('Space');
    expect(activated).to.deep.equal(['file_1', 'm_1']);
    await press('End');
    const copied = nextClipboardWrite('copy');
    await press('Enter');
    expect((await copied)['text/plain']).to.equal(first!.text);
  });

  it('opens a chip’s details when the arrows focus it, and closes the one left', async () => {
    const { messages, before } = await transcript();
    const [terminalChip, fileChip] = chipsOf(messages[0]!);
    before.focus();
    await press('Tab');
    await waitFor(() => !!part(terminalChip!, 'details')?.matches(':popover-open'), 'the terminal details');
    await press('ArrowRight');
    await waitFor(() => !!part(fileChip!, 'details')?.matches(':popover-open'), 'the file details');
    expect(part(terminalChip!, 'details')!.matches(':popover-open')).to.be.false;
  });

  it('a chip out of view that Tab scrolls into view keeps its details open, placed at the chip', async () => {
    const root = await fixture<HTMLElement>(html`<div>
      <button id="before">before</button>
      <div id="scroller" style="block-size: 120px; overflow: auto">
        <div style="block-size: 600px"></div>
        <t3-user-message .text=${`Far down ${link(terminal)}`} .context=${{ version: 1, records }}></t3-user-message>
      </div>
    </div>`);
    const message = root.querySelector<T3UserMessage>('t3-user-message')!;
    await message.updateComplete;
    const [chip] = chipsOf(message);
    await chip!.updateComplete;
    root.querySelector<HTMLButtonElement>('#before')!.focus();
    await press('Tab');
    expectFocusOn(stops(message)[0], 'the chip out of view');
    await waitFor(() => root.querySelector('#scroller')!.scrollTop > 0, 'the scroll into view');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const details = part(chip!, 'details')!;
    expect(details.matches(':popover-open')).to.be.true;
    const chipBox = chip!.getBoundingClientRect();
    const detailsBox = details.getBoundingClientRect();
    expect(Math.abs(detailsBox.top - chipBox.bottom) < 20 || Math.abs(detailsBox.bottom - chipBox.top) < 20).to.be.true;
  });

  it('follows the reading direction: in right-to-left text ArrowLeft moves on', async () => {
    const { messages, before } = await transcript('rtl');
    const items = stops(messages[0]!);
    before.focus();
    await press('Tab');
    await press('ArrowLeft');
    expectFocusOn(items[1], 'the next chip');
    await press('ArrowRight');
    expectFocusOn(items[0], 'the first chip');
  });

  it('keeps one tab stop when the message re-renders with other chips', async () => {
    const { messages } = await transcript();
    const [first] = messages;
    first!.text = `Now only ${link(skill)} and ${link(terminal)}`;
    await first!.updateComplete;
    expect(await tabStops(first!)).to.deep.equal([stops(first!)[0]]);
  });
});

describe('rovingTarget', () => {
  it('moves by one within the ends, to the ends with Home and End, and ignores other keys', () => {
    expect(rovingTarget('ArrowRight', 0, 3)).to.equal(1);
    expect(rovingTarget('ArrowDown', 2, 3)).to.equal(2);
    expect(rovingTarget('ArrowLeft', 0, 3)).to.equal(0);
    expect(rovingTarget('ArrowUp', 2, 3)).to.equal(1);
    expect(rovingTarget('Home', 2, 3)).to.equal(0);
    expect(rovingTarget('End', 0, 3)).to.equal(2);
    expect(rovingTarget('ArrowLeft', 0, 3, true)).to.equal(1);
    expect(rovingTarget('ArrowRight', 1, 3, true)).to.equal(0);
    expect(rovingTarget('Enter', 0, 3)).to.be.null;
    expect(rovingTarget('ArrowRight', 0, 0)).to.be.null;
  });
});
