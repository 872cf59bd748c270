import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import { CONTEXT_CLIPBOARD_MIME, decodeClipboardFragment, decodeClipboardHtml } from '../../src/core/index.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import { markdownLexer } from '../../src/elements/user-message/markdown-lexer.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import type { UserMessageRenderInfo } from '../../src/elements/user-message/message-model.js';
import { file, image, link, mention, reviewComment, terminal } from '../../support/records.js';
import { centre, nextClipboardWrite, waitFor } from './support/interaction.js';
import { body, chips, renderRecords } from './user-message-fixtures.js';

describe('<t3-user-message> images and files', () => {
  it('shows images with safe sources only, and files not referenced by a chip', async () => {
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`Here ${link(file)}`}
      .context=${{ version: 1, records: [file] }}
      .images=${[
        { name: 'a.png', mimeType: 'image/png', src: 'data:image/png;base64,iVBORw0KGgo=' },
        { name: 'evil', mimeType: 'image/png', src: 'javascript:alert(1)' },
      ]}
      .files=${[
        { attachmentId: 'att_file', name: 'report.pdf', mimeType: 'application/pdf' },
        {
          attachmentId: 'att_other',
          name: 'notes.txt',
          mimeType: 'text/plain',
          sizeBytes: 12,
          href: '/files/notes.txt',
        },
      ]}
    ></t3-user-message>`);
    const images = [...message.shadowRoot!.querySelectorAll('[part~="image"]')];
    expect(images.map((img) => img.getAttribute('alt'))).to.deep.equal(['a.png']);
    const rows = [...message.shadowRoot!.querySelectorAll('[part~="file"]')];
    expect(rows.map((row) => row.querySelector('.file-name')!.textContent!.trim())).to.deep.equal(['notes.txt']);
    expect(rows[0].querySelector('a')!.getAttribute('href')).to.equal('/files/notes.txt');
  });
});

describe('<t3-user-message> overrides', () => {
  it('renderUserMessageContent replaces the body with validated info', async () => {
    let received: UserMessageRenderInfo | undefined;
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`Fix ${link(terminal)}`}
      .context=${{ version: 1, records: [terminal, { bogus: true }] }}
      .renderUserMessageContent=${(info: UserMessageRenderInfo) => {
        received = info;
        return html`<em class="custom">${info.records.length} record</em>`;
      }}
    ></t3-user-message>`);
    expect(body(message).querySelector('.custom')!.textContent).to.equal('1 record');
    expect(received!.text).to.equal(`Fix ${link(terminal)}`);
    expect(received!.records).to.deep.equal([terminal]);
    expect(received!.segments.map((segment) => segment.type)).to.deep.equal(['text', 'reference']);
  });

  it('shows a string result as text, never as HTML', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message text="hi" .renderUserMessageContent=${() => '<img src=x onerror=alert(1)>'}></t3-user-message>`,
    );
    expect(body(message).querySelector('img')).to.be.null;
    expect(body(message).textContent!.trim()).to.equal('<img src=x onerror=alert(1)>');
  });

  it('falls back to the default body with one console error when the renderer throws', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const message = await fixture<T3UserMessage>(html`<t3-user-message
        .text=${'**still here**'}
        .renderUserMessageContent=${() => {
          throw new Error('host bug');
        }}
      ></t3-user-message>`);
      expect(body(message).querySelector('strong')!.textContent).to.equal('still here');
      expect(errors).to.have.length(1);
    } finally {
      console.error = original;
    }
  });

  it('a child in slot="content" replaces the default body', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message text="default text"><p slot="content" class="mine">host body</p></t3-user-message>`,
    );
    const slot = body(message).querySelector('slot')!;
    expect(slot.assignedElements().map((element) => element.className)).to.deep.equal(['mine']);
    expect(message.shadowRoot!.querySelector('slot')!.assignedNodes().length).to.equal(1);
  });
});

describe('<t3-user-message> copy', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('the copy control copies the stored text plus the fragment in all three flavours', async () => {
    const text = `Fix ${link(terminal)} in ${link(reviewComment)}`;
    const message = await renderRecords(text, { version: 1, records: [terminal, reviewComment, image] });
    const copy = message.shadowRoot!.querySelector('[part~="copy"]')!;
    await sendMouse({ type: 'move', position: centre(message) });
    await waitFor(() => getComputedStyle(copy).opacity === '1', 'the copy control to show');
    const copied = nextClipboardWrite('copy');
    await sendMouse({ type: 'click', position: centre(copy) });
    const data = await copied;
    expect(data['text/plain']).to.equal(text);
    const fragment = decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME]);
    expect(fragment!.records.map((record) => record.contextId)).to.deep.equal(['term_1', 'rc_1']);
    expect(decodeClipboardHtml(data['text/html'])!.records).to.have.length(2);
    expect(data['text/html']).to.contain('data-t3-context-fragment=');
  });

  it('copying a selection gives the rendered text with fully selected chips as canonical links', async () => {
    const message = await renderRecords(`Fix ${link(terminal, 'T1')} now`, { version: 1, records: [terminal] });
    const paragraph = body(message).querySelector('p')!;
    const selection = document.getSelection()!;
    selection.setBaseAndExtent(paragraph, 0, paragraph, paragraph.childNodes.length);
    const copied = nextClipboardWrite('copy');
    await sendKeys({ press: 'Control+c' });
    const data = await copied;
    expect(data['text/plain']).to.equal(`Fix ${link(terminal, 'T1')} now`);
    expect(decodeClipboardFragment(data[CONTEXT_CLIPBOARD_MIME])!.records).to.deep.equal([terminal]);
  });
});

describe('<t3-user-message> parse cache', () => {
  it('parses Markdown once per distinct text: re-rendering unchanged input does no Markdown work', async () => {
    const originalLex = markdownLexer.lex;
    let lexCalls = 0;
    markdownLexer.lex = ((...args: Parameters<typeof markdownLexer.lex>) => {
      lexCalls++;
      return originalLex.apply(markdownLexer, args);
    }) as typeof markdownLexer.lex;
    try {
      const message = await renderRecords(`Cached **text** ${link(file)}`, { version: 1, records: [file] });
      expect(lexCalls).to.equal(1);
      message.context = { version: 1, records: [file, terminal] };
      message.images = [];
      message.requestUpdate();
      await message.updateComplete;
      expect(lexCalls).to.equal(1);
      message.text = 'Changed';
      await message.updateComplete;
      expect(lexCalls).to.equal(2);
    } finally {
      markdownLexer.lex = originalLex;
    }
  });
});

describe('<t3-user-message> configuration', () => {
  it('passes its own icons and the scope configuration down to its chips, merged per key', async () => {
    const scoped = await fixture<HTMLElement>(html`<t3-context-scope
      .icons=${{ file: 'data:image/png;base64,c2NvcGU=', terminal: 'data:image/png;base64,c2NvcGUy' }}
      .locale=${{ unresolved: 'Gone' }}
    >
      <t3-user-message
        .icons=${{ file: 'data:image/png;base64,b3du' }}
        .text=${`${link(file)} ${link(terminal)} ${link(mention)}`}
        .context=${{ version: 1, records: [file, terminal] }}
      ></t3-user-message>
    </t3-context-scope>`);
    const message = scoped.querySelector('t3-user-message')!;
    await message.updateComplete;
    const [fileChip, terminalChip, missing] = chips(message);
    await Promise.all([fileChip.updateComplete, terminalChip.updateComplete, missing.updateComplete]);
    const iconOf = (chip: T3ContextChip) => chip.shadowRoot!.querySelector('[part~="icon"] img')?.getAttribute('src');
    expect(iconOf(fileChip)).to.equal('data:image/png;base64,b3du');
    expect(iconOf(terminalChip)).to.equal('data:image/png;base64,c2NvcGUy');
    await sendMouse({ type: 'move', position: centre(missing) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(missing.shadowRoot!.querySelector('[part~="details"]')!.textContent!.trim()).to.equal('Gone');
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('behaves the same whether properties are set before or after attach', async () => {
    const early = document.createElement('t3-user-message');
    early.text = `A ${link(file)}`;
    early.context = { version: 1, records: [file] };
    document.body.append(early);
    const late = document.createElement('t3-user-message');
    document.body.append(late);
    late.text = `A ${link(file)}`;
    late.context = { version: 1, records: [file] };
    await Promise.all([early.updateComplete, late.updateComplete]);
    expect(body(late).innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal(
      body(early).innerHTML.replace(/<!--[^>]*-->/g, ''),
    );
    early.remove();
    late.remove();
  });

  it('never throws on bad property values', async () => {
    const message = await fixture<T3UserMessage>(html`<t3-user-message></t3-user-message>`);
    Object.assign(message, {
      text: 42,
      context: 'nope',
      images: 'x',
      files: [null, 3],
      inputAnnotations: {},
      icons: 7,
      presentations: [],
    });
    await message.updateComplete;
    expect(body(message)).to.exist;
  });
});
