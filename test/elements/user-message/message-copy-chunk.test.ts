import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/define-message.js';
import { CONTEXT_CLIPBOARD_MIME, decodeClipboardFragment } from '../../../src/core/index.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { link, terminal } from '../../../support/records.js';
import { nextClipboardWrite, part, waitFor } from '../support/interaction.js';
import { body, fetched, framePage } from './chunk-support.js';

const COPY_CHUNK = /\/user-message\/message-copy\.(?:ts|js)\b/;

const text = `Fix ${link(terminal, 'T1')} now`;

/** Copies the current selection with the keyboard: whether the message answered it, and what was written. */
async function keyboardCopy(): Promise<{ handledByMessage: boolean; data: Record<string, string> }> {
  const event = new Promise<ClipboardEvent>((resolve) => document.addEventListener('copy', resolve, { once: true }));
  const data = nextClipboardWrite('copy');
  await sendKeys({ press: 'Control+c' });
  const handledByMessage = (await event).defaultPrevented;
  return { handledByMessage, data: await data };
}

// First in this file: the page has not loaded the copy code before these run.
describe('<t3-user-message>: the copy code loads on the first pointer, key or focus inside a message', () => {
  it('a page of messages loads none of it; a copy before it is the browser’s own; focus loads it', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message format="text" .text=${text} .context=${{ version: 1, records: [terminal] }}></t3-user-message>`,
    );
    await message.updateComplete;
    expect(fetched(COPY_CHUNK), 'the copy code with the message').to.equal(false);

    // A selection made from outside the message and copied before anything inside it was touched:
    // the browser copies the text as it reads; nothing the reader sees is lost.
    const shown = body(message);
    document.getSelection()!.setBaseAndExtent(shown, 0, shown, shown.childNodes.length);
    const early = await keyboardCopy();
    expect(early.handledByMessage).to.equal(false);
    expect(early.data).to.deep.equal({});
    const read = await navigator.clipboard.readText();
    expect(read.startsWith('Fix') && read.endsWith('now'), read).to.equal(true);

    // Focus inside the message loads it; the copy control waits for it, and copies the chips as links.
    const copy = part(message, 'copy') as HTMLButtonElement;
    copy.focus();
    await waitFor(() => fetched(COPY_CHUNK), 'the copy code to load on focus');
    const copied = nextClipboardWrite('copy');
    await sendKeys({ press: 'Enter' });
    const data = await copied;
    expect(data['text/plain']).to.equal(text);
    expect(decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records).to.deep.equal([terminal]);

    // From then on a selection copy carries the chips with their records.
    document.getSelection()!.setBaseAndExtent(shown, 0, shown, shown.childNodes.length);
    const later = await keyboardCopy();
    expect(later.handledByMessage).to.equal(true);
    expect(later.data['text/plain']).to.equal(text);
    document.getSelection()!.removeAllRanges();
  });
});

describe('<t3-user-message>: copy code that cannot be loaded', () => {
  it('the copy control still copies the message’s text, and says so', async () => {
    const { frame, win } = await framePage('./fixtures/unloadable-chunks.html');
    try {
      const message = win.document.createElement('t3-user-message');
      message.format = 'text';
      message.text = text;
      message.context = { version: 1, records: [terminal] };
      win.document.body.append(message);
      await message.updateComplete;
      const copy = part(message, 'copy') as HTMLButtonElement;
      copy.focus();
      await sendKeys({ press: 'Enter' });
      const status = message.shadowRoot!.querySelector('[role="status"]')!;
      await waitFor(() => status.textContent === 'Copied', 'the copy to be announced');
      expect(fetched(/\/missing\/message-copy\.js/, win), 'the chunk was asked for').to.equal(true);
      expect(await navigator.clipboard.readText()).to.equal(text);
    } finally {
      frame.remove();
    }
  });
});
