import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import { CONTEXT_CLIPBOARD_MIME, decodeClipboardFragment, decodeClipboardHtml } from '../../src/core/index.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import { markdownLexer } from '../../src/elements/user-message/markdown-lexer.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import type { UserMessageRenderInfo } from '../../src/elements/user-message/message-model.js';
import { dataset, file, image, link, mention, reviewComment, terminal } from '../../support/records.js';
import { centre, nextClipboardWrite, waitFor } from './support/interaction.js';

function body(message: T3UserMessage): HTMLElement {
  return message.shadowRoot!.querySelector('[part~="body"]')!;
}

function chips(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
}

async function renderRecords(text: string, context: unknown) {
  return fixture<T3UserMessage>(html`<t3-user-message .text=${text} .context=${context}></t3-user-message>`);
}

async function renderAnnotations(content: string, inputAnnotations: unknown, context?: unknown) {
  return fixture<T3UserMessage>(
    html`<t3-user-message .content=${content} .inputAnnotations=${inputAnnotations} .context=${context}></t3-user-message>`,
  );
}

describe('<t3-user-message> record-driven', () => {
  it('renders a chip at each canonical link, with its record', async () => {
    const text = `See ${link(terminal, 'T1')} and ${link(file)} then ${link(mention)}.`;
    const message = await renderRecords(text, { version: 1, records: [terminal, file, mention] });
    const found = chips(message);
    expect(found.map((chip) => chip.contextId)).to.deep.equal(['term_1', 'file_1', 'm_1']);
    expect(found[0].label).to.equal('T1');
    expect(found[0].record).to.deep.equal(terminal);
    expect(found.every((chip) => !chip.hasAttribute('unresolved'))).to.be.true;
    expect(body(message).textContent).to.contain('See');
  });

  it('a context set after the text resolves the chips in place: same elements, focus kept', async () => {
    const text = `See ${link(terminal, 'T1')} and ${link(file)}.`;
    const message = await renderRecords(text, { version: 1, records: [] });
    const before = chips(message);
    expect(before.every((chip) => chip.hasAttribute('unresolved'))).to.be.true;
    before[0]!.focus();
    message.context = { version: 1, records: [terminal, file] };
    await message.updateComplete;
    await Promise.all(before.map((chip) => chip.updateComplete));
    const after = chips(message);
    expect(after.length).to.equal(2);
    expect(after.every((chip, index) => chip === before[index])).to.be.true;
    expect(after.map((chip) => chip.record)).to.deep.equal([terminal, file]);
    expect(after.some((chip) => chip.hasAttribute('unresolved'))).to.be.false;
    expect(message.shadowRoot!.activeElement).to.equal(after[0]);
  });

  it('shows a chip whose record is missing, duplicated or undecodable as unresolved, label intact', async () => {
    const broken = { ...file, contextId: 'bad', sizeBytes: -1 };
    const text = `${link(terminal)} ${link(file)} ${link(broken, 'broken.pdf')}`;
    const duplicated = await renderRecords(text, { version: 1, records: [terminal, broken] });
    const [term, missing, undecodable] = chips(duplicated);
    expect(term.hasAttribute('unresolved')).to.be.false;
    expect(missing.hasAttribute('unresolved')).to.be.true;
    expect(missing.shadowRoot!.textContent).to.contain('report.pdf');
    expect(undecodable.hasAttribute('unresolved')).to.be.true;
    expect(undecodable.shadowRoot!.textContent).to.contain('broken.pdf');
  });

  it('keeps malformed links as text', async () => {
    const text = 'A [x](t3-context://v2/file/f) B [y](t3-context://v1/File/f) C [z](t3-context://v1/file/a b)';
    const message = await renderRecords(text, { version: 1, records: [] });
    expect(chips(message)).to.have.length(0);
    expect(body(message).textContent).to.contain(text);
  });

  it('renders chips inside code spans and code blocks too', async () => {
    const text = `Inline \`${link(file)}\`\n\n\`\`\`\n${link(terminal)}\n\`\`\``;
    const message = await renderRecords(text, { version: 1, records: [file, terminal] });
    expect(chips(message).map((chip) => chip.closest('code') !== null)).to.deep.equal([true, true]);
  });

  it('renders Markdown: lists, code, tables, quotes, emphasis, headings', async () => {
    const text = [
      '# Title',
      '',
      '- one **bold**',
      '- two *em* ~~gone~~',
      '',
      '1. first',
      '',
      '> quoted',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '```ts',
      'const x = 1;',
      '```',
    ].join('\n');
    const message = await renderRecords(text, null);
    const root = body(message);
    expect(root.querySelector('h1')!.textContent).to.equal('Title');
    expect(root.querySelector('ul strong')!.textContent).to.equal('bold');
    expect(root.querySelector('ul em')!.textContent).to.equal('em');
    expect(root.querySelector('del')!.textContent).to.equal('gone');
    expect(root.querySelector('ol li')!.textContent).to.contain('first');
    expect(root.querySelector('blockquote')!.textContent).to.contain('quoted');
    expect(root.querySelectorAll('table td')).to.have.length(2);
    expect(root.querySelector('pre code')!.textContent).to.contain('const x = 1;');
  });

  it('shows raw HTML as text and links only safe absolute URLs', async () => {
    const text =
      '<b>bold?</b> [ok](https://example.com/a) [bad](javascript:alert(1)) [rel](/local) ![pic](https://example.com/p.png)';
    const message = await renderRecords(text, null);
    const root = body(message);
    expect(root.querySelector('b')).to.be.null;
    expect(root.textContent).to.contain('<b>bold?</b>');
    const anchors = [...root.querySelectorAll('a')];
    expect(anchors.map((anchor) => anchor.getAttribute('href'))).to.deep.equal([
      'https://example.com/a',
      'https://example.com/p.png',
    ]);
    expect(anchors.every((anchor) => anchor.rel === 'noopener noreferrer')).to.be.true;
    expect(root.querySelector('img')).to.be.null;
    expect(root.textContent).to.contain('bad');
    expect(root.textContent).to.contain('rel');
  });

  it('upgrades a legacy message in memory and renders its chips', async () => {
    const legacy = [
      'Please check @terminal-1:3-4 and this',
      '',
      '<review_comment sectionId="s1" sectionTitle="Changes" filePath="src/a.ts" startIndex="3" endIndex="4" rangeLabel="L4">',
      'Why?',
      '</review_comment>',
      '',
      '<terminal_context>',
      '- Terminal 1 lines 3-4:',
      '  3 | npm test',
      '  4 | ok',
      '</terminal_context>',
    ].join('\n');
    const message = await renderRecords(legacy, undefined);
    const found = chips(message);
    expect(found.map((chip) => chip.kind).sort()).to.deep.equal(['review-comment', 'terminal']);
    expect(found.every((chip) => !chip.hasAttribute('unresolved'))).to.be.true;
    expect(body(message).textContent).not.to.contain('<terminal_context>');
  });

  it('does not rewrite a message whose context fails to decode; chips show unresolved', async () => {
    const text = `Look ${link(terminal)}`;
    const message = await renderRecords(text, { version: 1, records: [terminal, terminal] });
    expect(chips(message)[0].hasAttribute('unresolved')).to.be.true;
    expect(body(message).textContent).to.contain('Look');
  });
});

describe('<t3-user-message> annotation-driven', () => {
  const content = '@src/Makefile explain @alice and a@b.test';

  it('renders plain text without annotations: no chip is ever guessed', async () => {
    const message = await renderAnnotations(content, undefined);
    expect(chips(message)).to.have.length(0);
    expect(body(message).textContent).to.equal(content);
  });

  it('puts chips at valid ranges and keeps all text around them', async () => {
    const annotations = [
      {
        type: 'reference',
        start: 0,
        end: 13,
        text: '@src/Makefile',
        reference: { id: 'file:@src/Makefile', kind: 'file', value: 'src/Makefile' },
      },
    ];
    const message = await renderAnnotations(content, annotations);
    const [chip] = chips(message);
    expect(chip.shadowRoot!.textContent).to.contain('src/Makefile');
    expect(body(message).textContent).to.contain(' explain @alice and a@b.test');
    expect(getComputedStyle(body(message)).whiteSpace).to.equal('pre-wrap');
  });

  it('ignores overlapping, out-of-range, mismatched, null and wrongly typed annotations', async () => {
    const annotations = [
      null,
      { type: 'reference', start: 0, end: 13, text: '@src/Makefile', reference: { id: 'a' } },
      { type: 'reference', start: 5, end: 14, text: content.slice(5, 14), reference: { id: 'overlap' } },
      { type: 'reference', start: 30, end: 999, text: 'x', reference: { id: 'range' } },
      { type: 'reference', start: 22, end: 28, text: 'nope!!', reference: { id: 'mismatch' } },
      { type: 'reference', start: 22, end: 28, text: '@alice', reference: { id: 'typed', label: 42 } },
      'garbage',
    ];
    const message = await renderAnnotations(content, annotations);
    expect(chips(message)).to.have.length(1);
    const visible = body(message).textContent!;
    expect(visible).to.contain(' explain @alice and a@b.test');
  });

  it('uses a matching record for a reference when a context is given too', async () => {
    const text = 'Use @dataset:users now';
    const annotations = [
      {
        type: 'reference',
        start: 4,
        end: 18,
        text: '@dataset:users',
        reference: { id: 'dataset_users', kind: 'dataset', label: 'Dataset' },
      },
    ];
    const message = await renderAnnotations(text, annotations, { version: 1, records: [dataset] });
    const [chip] = chips(message);
    expect(chip.record).to.deep.equal(dataset);
    expect(chip.shadowRoot!.querySelector('[part~="value"]')!.textContent).to.equal('users');
  });

  it('renders a command annotation as the command text', async () => {
    const annotations = [{ type: 'command', start: 0, end: 5, text: '/plan', command: { name: 'plan' } }];
    const message = await renderAnnotations('/plan do it', annotations);
    expect(message.shadowRoot!.querySelector('.command')!.textContent).to.equal('/plan');
    expect(body(message).textContent).to.equal('/plan do it');
  });
});

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
