import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import { CONTEXT_CLIPBOARD_MIME, decodeClipboardFragment } from '../../src/core/index.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { dataset, file, link, terminal } from '../../support/records.js';
import { nextClipboardWrite, waitFor } from './support/interaction.js';

function body(message: T3UserMessage): HTMLElement {
  return message.shadowRoot!.querySelector('[part~="body"]')!;
}

function copyControl(message: T3UserMessage): HTMLButtonElement {
  return message.shadowRoot!.querySelector('[part~="copy"]')!;
}

/** The viewport point of a character offset inside a text node. */
function pointAt(text: Text, offset: number, side: 'before' | 'after'): [number, number] {
  const range = document.createRange();
  range.setStart(text, offset);
  range.setEnd(text, offset + 1);
  const rect = range.getBoundingClientRect();
  return [Math.round(side === 'before' ? rect.left + 1 : rect.right - 1), Math.round(rect.top + rect.height / 2)];
}

function textNodes(root: Node): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => ((node as Text).data.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const found: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) found.push(node as Text);
  return found;
}

/** Selects with the mouse, from the first character of `from` to the last of `to`. */
async function dragSelect(from: Text, to: Text) {
  await sendMouse({ type: 'move', position: pointAt(from, 0, 'before') });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: pointAt(to, to.data.trimEnd().length - 1, 'after') });
  await sendMouse({ type: 'up' });
}

/** A copy the message leaves to the browser: not cancelled, and what then reached the clipboard. */
async function browserCopy(): Promise<{ handledByMessage: boolean; text: string }> {
  const event = new Promise<ClipboardEvent>((resolve) => document.addEventListener('copy', resolve, { once: true }));
  await sendKeys({ press: 'Control+c' });
  const handledByMessage = (await event).defaultPrevented;
  return { handledByMessage, text: await navigator.clipboard.readText() };
}

async function copySelection(): Promise<Record<string, string>> {
  const copied = nextClipboardWrite('copy');
  await sendKeys({ press: 'Control+c' });
  return copied;
}

afterEach(async () => {
  document.getSelection()!.removeAllRanges();
  await sendMouse({ type: 'move', position: [0, 0] });
});

describe('<t3-user-message> selection copy', () => {
  it('lays out paragraphs, list items and chips selected with the mouse as readable text', async () => {
    const text = `Intro ${link(terminal, 'T1')} here\n\n- one ${link(file)}\n- two\n\nLast   para\nwrapped`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${text} .context=${{ version: 1, records: [terminal, file] }}></t3-user-message>`,
    );
    const nodes = textNodes(body(message));
    await dragSelect(nodes[0]!, nodes[nodes.length - 1]!);
    const data = await copySelection();
    expect(data['text/plain']).to.equal(
      `Intro ${link(terminal, 'T1')} here\n\none ${link(file)}\ntwo\n\nLast para\nwrapped`,
    );
    expect(decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records).to.deep.equal([terminal, file]);
    expect(data['text/html']).to.contain('data-t3-context-fragment=');
  });

  it('copies part of a paragraph with only the chips that are wholly selected', async () => {
    const text = `Alpha ${link(terminal, 'T1')} beta ${link(file)} gamma`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${text} .context=${{ version: 1, records: [terminal, file] }}></t3-user-message>`,
    );
    const [alpha, beta] = textNodes(body(message));
    // From the "ph" of "Alpha" to the end of " beta ": the terminal chip is inside, the file chip is not.
    document.getSelection()!.setBaseAndExtent(alpha!, 3, beta!, beta!.data.length);
    const data = await copySelection();
    expect(data['text/plain']).to.equal(`ha ${link(terminal, 'T1')} beta`);
    expect(
      decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records.map((record) => record.contextId),
    ).to.deep.equal(['term_1']);
  });

  it('separates table cells with tabs and rows with line breaks, without template whitespace', async () => {
    const text = `| name | ref |\n|---|---|\n| a | ${link(file)} |\n| b | c |`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${text} .context=${{ version: 1, records: [file] }}></t3-user-message>`,
    );
    const table = body(message).querySelector('table')!;
    document.getSelection()!.setBaseAndExtent(table, 0, table, table.childNodes.length);
    const data = await copySelection();
    expect(data['text/plain']).to.equal(`name\tref\na\t${link(file)}\nb\tc`);
  });

  it('keeps the line breaks of annotation-driven text and writes chips with a record as canonical links', async () => {
    const content = 'Use @dataset:users\nthen  @src/a.ts';
    const annotations = [
      {
        type: 'reference',
        start: 4,
        end: 18,
        text: '@dataset:users',
        reference: { id: 'dataset_users', kind: 'dataset', label: 'Dataset' },
      },
      {
        type: 'reference',
        start: 25,
        end: 34,
        text: '@src/a.ts',
        reference: { id: 'file:src/a.ts', kind: 'file', value: 'src/a.ts' },
      },
    ];
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .content=${content}
      .inputAnnotations=${annotations}
      .context=${{ version: 1, records: [dataset] }}
    ></t3-user-message>`);
    const root = body(message);
    document.getSelection()!.setBaseAndExtent(root, 0, root, root.childNodes.length);
    const data = await copySelection();
    expect(data['text/plain']).to.equal(`Use ${link(dataset)}\nthen  @src/a.ts`);
    expect(decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records).to.deep.equal([dataset]);
  });

  it('leaves a selection without chips to the browser: its text, no fragment', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${'Just **words**\n\nand more'}></t3-user-message>`,
    );
    const nodes = textNodes(body(message));
    await dragSelect(nodes[0]!, nodes[nodes.length - 1]!);
    const copied = await browserCopy();
    expect(copied.handledByMessage).to.be.false;
    expect(copied.text).to.match(/^Just words\n+and more$/);
  });

  it('leaves a selection that starts outside the message to the browser, without throwing', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      const wrapper = await fixture<HTMLElement>(html`<div>
        <p id="outside">Outside words</p>
        <t3-user-message .text=${`Inside ${link(file)} text`} .context=${{ version: 1, records: [file] }}></t3-user-message>
      </div>`);
      const message = wrapper.querySelector('t3-user-message')!;
      await message.updateComplete;
      const outside = wrapper.querySelector('#outside')!.firstChild as Text;
      const inside = textNodes(body(message));
      await dragSelect(outside, inside[inside.length - 1]!);
      const copied = await browserCopy();
      expect(copied.handledByMessage).to.be.false;
      expect(copied.text).to.contain('Outside words');
      expect(copied.text).to.contain('Inside');
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});

describe('<t3-user-message> copy control', () => {
  it('is reached with End within the message (one tab stop), copies with Enter and Space, and announces the copy', async () => {
    const text = `Fix ${link(terminal)} now`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${text} .context=${{ version: 1, records: [terminal] }}></t3-user-message>`,
    );
    const before = document.createElement('button');
    before.textContent = 'before';
    message.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'End' });
    const copy = copyControl(message);
    expect(message.shadowRoot!.activeElement).to.equal(copy);
    await waitFor(() => getComputedStyle(copy).opacity === '1', 'the focused copy control to show');
    expect(copy.getAttribute('aria-label')).to.equal('Copy message');
    const status = message.shadowRoot!.querySelector('[role="status"]')!;
    expect(status.textContent).to.equal('');

    for (const key of ['Enter', 'Space']) {
      const copied = nextClipboardWrite('copy');
      await sendKeys({ press: key });
      const data = await copied;
      expect(data['text/plain']).to.equal(text);
      expect(decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records).to.deep.equal([terminal]);
    }
    await waitFor(() => status.textContent === 'Copied', 'the copy to be announced');
    expect(copy.title).to.equal('Copied');
    before.remove();
  });

  it('uses the locale for its name and its announcement', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message text="hi" .locale=${{ copy: 'Nachricht kopieren', copied: 'Kopiert' }}></t3-user-message>`,
    );
    const copy = copyControl(message);
    expect(copy.getAttribute('aria-label')).to.equal('Nachricht kopieren');
    copy.focus();
    const copied = nextClipboardWrite('copy');
    await sendKeys({ press: 'Enter' });
    await copied;
    await waitFor(
      () => message.shadowRoot!.querySelector('[role="status"]')!.textContent === 'Kopiert',
      'the localised announcement',
    );
  });

  it('copies an annotation-driven message with canonical links for the chips that have records', async () => {
    const content = 'Use @dataset:users and @src/a.ts';
    const annotations = [
      {
        type: 'reference',
        start: 4,
        end: 18,
        text: '@dataset:users',
        reference: { id: 'dataset_users', kind: 'dataset', label: 'Dataset' },
      },
      { type: 'reference', start: 23, end: 32, text: '@src/a.ts', reference: { id: 'file:src/a.ts', kind: 'file' } },
    ];
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .content=${content}
      .inputAnnotations=${annotations}
      .context=${{ version: 1, records: [dataset] }}
    ></t3-user-message>`);
    copyControl(message).focus();
    const copied = nextClipboardWrite('copy');
    await sendKeys({ press: 'Enter' });
    const data = await copied;
    expect(data['text/plain']).to.equal(`Use ${link(dataset)} and @src/a.ts`);
    expect(decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records).to.deep.equal([dataset]);
  });

  it('falls back to the asynchronous clipboard when the copy command is refused', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${'Fallback **text**'}></t3-user-message>`,
    );
    const original = document.execCommand;
    document.execCommand = () => false;
    try {
      copyControl(message).focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(
        () => message.shadowRoot!.querySelector('[role="status"]')!.textContent === 'Copied',
        'the fallback copy',
      );
      expect(await navigator.clipboard.readText()).to.equal('Fallback **text**');
    } finally {
      document.execCommand = original;
    }
  });

  it('is not part of a selection copy and its announcement is never copied', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${`A ${link(file)}`} .context=${{ version: 1, records: [file] }}></t3-user-message>`,
    );
    copyControl(message).focus();
    const first = nextClipboardWrite('copy');
    await sendKeys({ press: 'Enter' });
    await first;
    const base = message.shadowRoot!.querySelector('[part~="base"]')!;
    document.getSelection()!.setBaseAndExtent(base, 0, base, base.childNodes.length);
    const data = await copySelection();
    expect(data['text/plain']).to.equal(`A ${link(file)}`);
  });
});
