import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { UserMessageRenderInfo } from '../../src/elements/user-message/message-model.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { dataset, file, image, link, previewAnnotation, pullRequestComment, terminal } from '../../support/records.js';
import { part, waitFor } from './support/interaction.js';

function body(message: T3UserMessage): HTMLElement {
  return message.shadowRoot!.querySelector('[part~="body"]')!;
}

function chips(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
}

/** The focused element, through every open shadow root. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

function fileRows(message: T3UserMessage): string[] {
  return [...message.shadowRoot!.querySelectorAll('[part~="file"]')].map((row) =>
    row.textContent!.replace(/\s+/g, ' ').trim(),
  );
}

describe('<t3-user-message> images and files: edge cases', () => {
  it('shows blob:, relative and http(s) images, skipping entries without a usable src', async () => {
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      text="pics"
      .images=${
        [
          { name: 'blob', mimeType: 'image/png', src: 'blob:https://example.com/1' },
          { name: 'relative', mimeType: 'image/png', src: '/uploads/a.png' },
          { name: 'remote', mimeType: 'image/png', src: 'https://example.com/a.png' },
          { name: 'no src', mimeType: 'image/png' },
          { name: 'number', mimeType: 'image/png', src: 42 },
          { name: 'html', mimeType: 'text/html', src: 'data:text/html,<p>x</p>' },
          null,
          'string',
        ] as never
      }
    ></t3-user-message>`);
    const images = [...message.shadowRoot!.querySelectorAll('[part~="image"]')];
    expect(images.map((img) => img.getAttribute('alt'))).to.deep.equal(['blob', 'relative', 'remote']);
  });

  it('renders nothing for non-array images and files, and no empty gallery or list', async () => {
    for (const value of [null, 'x', { 0: 'a' }, 7, new Set([1])]) {
      const message = await fixture<T3UserMessage>(
        html`<t3-user-message text="t" .images=${value as never} .files=${value as never}></t3-user-message>`,
      );
      expect(part(message, 'images')).to.be.null;
      expect(part(message, 'files')).to.be.null;
    }
  });

  it('shows sizes only when they are valid, and drops an unsafe href but keeps the row', async () => {
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      text="files"
      .files=${
        [
          { name: 'zero.txt', mimeType: 'text/plain', sizeBytes: 0 },
          { name: 'nan.txt', mimeType: 'text/plain', sizeBytes: Number.NaN },
          { name: 'negative.txt', mimeType: 'text/plain', sizeBytes: -5 },
          { name: 'big.bin', mimeType: 'application/octet-stream', sizeBytes: 5 * 1024 ** 3 },
          { name: 'evil.html', mimeType: 'text/html', href: 'javascript:alert(1)' },
          { mimeType: 'text/plain' },
        ] as never
      }
    ></t3-user-message>`);
    expect(fileRows(message)).to.deep.equal([
      'zero.txt text/plain · 0 B',
      'nan.txt text/plain',
      'negative.txt text/plain',
      'big.bin application/octet-stream · 5.0 GB',
      'evil.html text/html',
    ]);
    expect(message.shadowRoot!.querySelector('[part~="files"] a')).to.be.null;
  });

  it('lists a file whose chip has no record, and hides one referenced by an annotation chip with a record', async () => {
    const files = [{ attachmentId: 'att_file', name: 'report.pdf', mimeType: 'application/pdf' }];
    const unresolved = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${`See ${link(file)}`} .context=${{ version: 1, records: [] }} .files=${files}></t3-user-message>`,
    );
    expect(fileRows(unresolved)).to.deep.equal(['report.pdf application/pdf']);
    const annotated = await fixture<T3UserMessage>(html`<t3-user-message
      .content=${'See @report.pdf'}
      .inputAnnotations=${[{ type: 'reference', start: 4, end: 15, text: '@report.pdf', reference: { id: 'file_1', kind: 'file' } }]}
      .context=${{ version: 1, records: [file] }}
      .files=${files}
    ></t3-user-message>`);
    expect(fileRows(annotated)).to.deep.equal([]);
    expect(chips(annotated)[0]!.record).to.deep.equal(file);
  });
});

describe('<t3-user-message> renderUserMessageContent results', () => {
  it('renders a DOM node, and keeps rendering it across updates', async () => {
    const node = document.createElement('section');
    node.className = 'host-node';
    node.textContent = 'from the host';
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message text="x" .renderUserMessageContent=${() => node}></t3-user-message>`,
    );
    expect(body(message).querySelector('.host-node')).to.equal(node);
    message.requestUpdate();
    await message.updateComplete;
    expect(body(message).querySelector('.host-node')).to.equal(node);
  });

  it('renders a Lit template with live chips', async () => {
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`Fix ${link(terminal)}`}
      .context=${{ version: 1, records: [terminal] }}
      .renderUserMessageContent=${(info: UserMessageRenderInfo) =>
        html`<ol class="host-list">${info.records.map((record) => html`<li>${record.label}</li>`)}</ol>`}
    ></t3-user-message>`);
    expect(body(message).querySelector('.host-list')!.textContent).to.equal(terminal.label);
  });

  it('falls back to the default body for null and undefined, and shows numbers as text', async () => {
    for (const result of [null, undefined]) {
      const message = await fixture<T3UserMessage>(
        html`<t3-user-message .text=${'**default**'} .renderUserMessageContent=${() => result}></t3-user-message>`,
      );
      expect(body(message).querySelector('strong')!.textContent).to.equal('default');
    }
    const numeric = await fixture<T3UserMessage>(
      html`<t3-user-message text="x" .renderUserMessageContent=${() => 42}></t3-user-message>`,
    );
    expect(body(numeric).textContent!.trim()).to.equal('42');
  });

  it('gives a legacy message upgraded text and records, and annotation content with its segments', async () => {
    let legacyInfo: UserMessageRenderInfo | undefined;
    const legacy = 'Why @terminal-1:3\n\n<terminal_context>\n- Terminal 1 line 3:\n  3 | boom\n</terminal_context>';
    await fixture<T3UserMessage>(html`<t3-user-message
      .text=${legacy}
      .renderUserMessageContent=${(info: UserMessageRenderInfo) => {
        legacyInfo = info;
        return null;
      }}
    ></t3-user-message>`);
    expect(legacyInfo!.text).to.not.contain('<terminal_context>');
    expect(legacyInfo!.text).to.contain('](t3-context://v1/terminal/');
    expect(legacyInfo!.records.map((record) => record.kind)).to.deep.equal(['terminal']);
    expect(legacyInfo!.segments.map((segment) => segment.text).join('')).to.equal(legacyInfo!.text);

    let annotationInfo: UserMessageRenderInfo | undefined;
    const annotations = [
      {
        type: 'reference',
        start: 4,
        end: 18,
        text: '@dataset:users',
        reference: { id: 'dataset_users', kind: 'dataset' },
      },
    ];
    await fixture<T3UserMessage>(html`<t3-user-message
      .content=${'Use @dataset:users now'}
      .inputAnnotations=${[...annotations, { type: 'reference', start: 0, end: 99, text: 'x', reference: { id: 'bad' } }]}
      .context=${{ version: 1, records: [dataset] }}
      .renderUserMessageContent=${(info: UserMessageRenderInfo) => {
        annotationInfo = info;
        return null;
      }}
    ></t3-user-message>`);
    expect(annotationInfo!.text).to.be.undefined;
    expect(annotationInfo!.content).to.equal('Use @dataset:users now');
    expect(annotationInfo!.inputAnnotations).to.have.length(1);
    expect(annotationInfo!.segments.map((segment) => segment.type)).to.deep.equal(['text', 'reference', 'text']);
    expect(annotationInfo!.context).to.deep.equal({ version: 1, records: [dataset] });
  });
});

describe('<t3-user-message> degraded input keeps every word', () => {
  it('shows a legacy message whose upgrade fails exactly as written', async () => {
    const legacy = 'Look here\n\n<terminal_context>\n- T lines 5-4:\n  5 | a\n</terminal_context>';
    const message = await fixture<T3UserMessage>(html`<t3-user-message .text=${legacy}></t3-user-message>`);
    expect(chips(message)).to.have.length(0);
    const shown = body(message).textContent!;
    // Still Markdown: the "- " of the entry header renders as a list bullet.
    for (const words of ['Look here', '<terminal_context>', 'T lines 5-4:', '5 | a', '</terminal_context>'])
      expect(shown).to.contain(words);
    expect(body(message).querySelector('li')!.textContent).to.contain('T lines 5-4:');
  });

  it('builds chips from the reference alone when the context has no matching record', async () => {
    const content = 'Use @dataset:orders and @notes.md';
    const annotations = [
      {
        type: 'reference',
        start: 4,
        end: 19,
        text: '@dataset:orders',
        reference: { id: 'dataset_orders', kind: 'dataset', label: 'Dataset', value: 'orders' },
      },
      {
        type: 'reference',
        start: 24,
        end: 33,
        text: '@notes.md',
        reference: { id: 'file:notes.md', kind: 'file', serialized: '@notes.md' },
      },
    ];
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .content=${content}
      .inputAnnotations=${annotations}
      .context=${{ version: 1, records: [dataset, terminal] }}
    ></t3-user-message>`);
    const [orders, notes] = chips(message);
    await Promise.all([orders!.updateComplete, notes!.updateComplete]);
    expect(orders!.record).to.be.undefined;
    expect(orders!.hasAttribute('unresolved')).to.be.false;
    expect(part(orders!, 'label')!.textContent).to.equal('Dataset');
    expect(part(orders!, 'value')!.textContent).to.equal('orders');
    expect(notes!.hasAttribute('unresolved')).to.be.false;
    expect(part(notes!, 'label')!.textContent).to.equal('@notes.md');
    expect(notes!.getAttribute('kind')).to.equal('file');
    expect(body(message).textContent).to.equal(content.replace('@dataset:orders', '').replace('@notes.md', ''));
  });

  it('never throws on hostile property values, set before or after attach', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      const values = {
        text: null,
        content: 5,
        context: { version: 1, records: 'nope' },
        inputAnnotations: [{ type: 'reference', start: -1, end: Number.NaN }],
        images: [{ src: {} }],
        files: [{ name: {}, sizeBytes: '3' }],
        locale: 'x',
        environmentId: 12,
        renderUserMessageContent: 'not a function',
      };
      const early = document.createElement('t3-user-message');
      Object.assign(early, values);
      document.body.append(early);
      const late = document.createElement('t3-user-message');
      document.body.append(late);
      await late.updateComplete;
      Object.assign(late, values);
      await Promise.all([early.updateComplete, late.updateComplete]);
      expect(body(early).textContent!.trim()).to.equal('');
      expect(body(late).innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal(
        body(early).innerHTML.replace(/<!--[^>]*-->/g, ''),
      );
      expect(part(early, 'copy')!.getAttribute('aria-label')).to.equal('Copy message');
      early.remove();
      late.remove();
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('a chip given a malformed record renders and opens without throwing', async () => {
    const errors: string[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', onError);
    try {
      for (const record of [
        { kind: 'terminal' },
        { kind: 'review-comment', filePath: 3 },
        { kind: 'element', label: 'x' },
        { kind: 'image' },
        'text',
        42,
      ]) {
        const chip = await fixture<T3ContextChip>(
          html`<t3-context-chip kind="terminal" context-id="t" label="Bad" .record=${record as never}></t3-context-chip>`,
        );
        expect(part(chip, 'label')!.textContent).to.equal('Bad');
        const base = part(chip, 'base')!.getBoundingClientRect();
        await sendMouse({
          type: 'move',
          position: [Math.round(base.left + 4), Math.round(base.top + base.height / 2)],
        });
        await new Promise((resolve) => setTimeout(resolve, 150));
        await sendMouse({ type: 'move', position: [0, 0] });
      }
      expect(errors).to.deep.equal([]);
    } finally {
      window.removeEventListener('error', onError);
    }
  });
});

describe('<t3-user-message> chips for keyboard and screen-reader users', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('is one tab stop: arrows move through the chips in reading order, then the file link and the copy control, and back', async () => {
    const text = `A ${link(terminal)} B ${link(pullRequestComment)} C ${link(previewAnnotation)}`;
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${text}
      .context=${{ version: 1, records: [terminal, pullRequestComment, previewAnnotation, image] }}
      .files=${[{ name: 'notes.txt', mimeType: 'text/plain', href: '/notes.txt' }]}
    ></t3-user-message>`);
    const before = document.createElement('button');
    before.textContent = 'before';
    message.before(before);
    before.focus();
    const [terminalChip, prChip, previewChip] = chips(message);
    const expected = [
      part(terminalChip!, 'base'),
      part(prChip!, 'base'),
      part(previewChip!, 'base'),
      message.shadowRoot!.querySelector('[part~="files"] a'),
      part(message, 'copy'),
    ];
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(expected[0]);
    for (const target of expected.slice(1)) {
      await sendKeys({ press: 'ArrowRight' });
      // Details open on focus; links and chips inside them are not focus stops, so focus never
      // lands in a closing popover.
      expect(deepActiveElement()).to.equal(target);
    }
    for (const target of expected.reverse().slice(1)) {
      await sendKeys({ press: 'ArrowLeft' });
      expect(deepActiveElement()).to.equal(target);
    }
    await sendKeys({ press: 'Shift+Tab' });
    expect(deepActiveElement()).to.equal(before);
    before.remove();
  });

  it('names each chip by its label and, once focused, describes it by its own details', async () => {
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`${link(terminal, 'T1')} ${link(file, 'gone.pdf')}`}
      .context=${{ version: 1, records: [terminal] }}
    ></t3-user-message>`);
    const [resolved, missing] = chips(message);
    await Promise.all([resolved!.updateComplete, missing!.updateComplete]);
    // Before any focus, an unresolved chip already says why; details are rendered on first focus.
    expect(part(missing!, 'base')!.getAttribute('aria-description')).to.equal(
      'This context is no longer available. Remove it or attach it again.',
    );
    const before = document.createElement('button');
    message.before(before);
    before.focus();
    for (const [key, chip, name, description] of [
      ['Tab', resolved!, 'T1', 'npm test'],
      ['ArrowRight', missing!, 'gone.pdf', 'This context is no longer available. Remove it or attach it again.'],
    ] as const) {
      await sendKeys({ press: key });
      await chip.updateComplete;
      const base = part(chip, 'base')!;
      expect(chip.shadowRoot!.activeElement).to.equal(base);
      expect(base.getAttribute('role')).to.equal('button');
      expect(base.getAttribute('aria-label')).to.equal(name);
      const describedBy = base.getAttribute('aria-describedby')!;
      const details = chip.shadowRoot!.getElementById(describedBy)!;
      expect(details.getAttribute('part')).to.contain('details');
      expect(details.textContent).to.contain(description);
    }
    before.remove();
  });

  it('closes the details with Escape and keeps focus on the chip; Enter still activates it', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${`A ${link(terminal)}`} .context=${{ version: 1, records: [terminal] }}></t3-user-message>`,
    );
    const before = document.createElement('button');
    message.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    const chip = chips(message)[0]!;
    const details = part(chip, 'details')!;
    await waitFor(() => details.matches(':popover-open'), 'the details to open on focus');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !details.matches(':popover-open'), 'Escape to close the details');
    expect(deepActiveElement()).to.equal(part(chip, 'base'));
    const activated = new Promise<CustomEvent>((resolve) =>
      message.addEventListener('t3-chip-activate', resolve as EventListener, { once: true }),
    );
    await sendKeys({ press: 'Enter' });
    expect((await activated).detail.contextId).to.equal('term_1');
    before.remove();
  });
});
