import { expect, fixture, html } from '@open-wc/testing';
import '../../../src/define-message.js';
import { type Citation, formatCitationLink, type InputAnnotation } from '../../../src/core/index.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { link, terminal } from '../../../support/records.js';
import { bodiesUntilDrawn, body, fetched, type FrameWindow, framePage } from './chunk-support.js';

const COMMAND_CHIP = /\/user-message\/command-chip\.(?:ts|js)\b/;
const ANNOTATIONS = /\/user-message\/message-annotations\.(?:ts|js)\b/;
// Served unbundled, the core's modules all load with its index: the message's links module stands for the grammar.
const CITATION_GRAMMAR = /\/user-message\/message-links\.(?:ts|js)\b/;

const content = '/review the change';
const command: InputAnnotation = {
  type: 'command',
  start: 0,
  end: 7,
  text: '/review',
  command: { name: 'review', description: 'Review a change' },
};

const quote: Citation = {
  version: 1,
  environmentId: 'env',
  threadId: 'thread-1',
  messageId: 'reply-1',
  text: 'Caching the parsed config',
  start: 0,
  end: 25,
  prefix: '',
  suffix: ' avoids',
};
const citedText = `Why ${formatCitationLink(quote)} and ${link(terminal, 'T1')}?`;

/** The body as a reader sees it, each chip as its label in brackets. */
function seenText(message: T3UserMessage): string {
  let seen = '';
  // Node types, not classes: a message may live in a frame, whose classes are its own.
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      const element = child.nodeType === Node.ELEMENT_NODE ? (child as HTMLElement) : null;
      if (element?.localName === 't3-context-chip') {
        const chip = element as T3ContextChip;
        seen += `[${chip.shadowRoot!.querySelector('[part~="label"]')!.textContent}]`;
      } else if (element?.matches('[part~="command"]')) {
        seen += `{${element.getAttribute('aria-label')}}`;
      } else if (child.nodeType === Node.TEXT_NODE) seen += child.textContent;
      else walk(child);
    }
  };
  walk(body(message));
  return seen;
}

// First in this file: the page has loaded none of these chunks before these run.
describe('<t3-user-message>: the annotations, the command chip and the citation grammar load only where needed', () => {
  it('a page of format="text" record-driven messages loads no annotation code', async () => {
    await fixture<T3UserMessage>(
      html`<t3-user-message format="text" .text=${`See ${link(terminal, 'T1')}`} .context=${{ version: 1, records: [terminal] }}></t3-user-message>`,
    );
    expect(fetched(ANNOTATIONS)).to.equal(false);
  });

  it('annotation-driven content waits with a busy, empty body, then shows its chips', async () => {
    const message = document.createElement('t3-user-message');
    message.content = 'see @dataset:users now';
    message.inputAnnotations = [
      { type: 'reference', start: 4, end: 18, text: '@dataset:users', reference: { id: 'users', label: 'Users' } },
    ];
    const seen = await bodiesUntilDrawn(message);
    expect(seen.some((shown) => shown.busy === 'true' && shown.text === '')).to.equal(true);
    expect(seen.filter((shown) => shown.text !== '').every((shown) => shown.busy === null)).to.equal(true);
    expect(fetched(ANNOTATIONS)).to.equal(true);
    await Promise.all([...message.shadowRoot!.querySelectorAll('t3-context-chip')].map((chip) => chip.updateComplete));
    expect(seenText(message)).to.equal('see [Users] now');
    message.remove();
  });

  it('a format="text" message with references and no citation link, and content without a command, load neither', async () => {
    const text = await fixture<T3UserMessage>(
      html`<t3-user-message
        format="text"
        .text=${`See ${link(terminal, 'T1')} [Assistant quote](https://example.test)`}
        .context=${{ version: 1, records: [terminal] }}
      ></t3-user-message>`,
    );
    expect(seenText(text)).to.equal('See [T1] [Assistant quote](https://example.test)');
    const annotated = await fixture<T3UserMessage>(
      html`<t3-user-message .content=${'/review is only text here'}></t3-user-message>`,
    );
    expect(seenText(annotated)).to.equal('/review is only text here');
    expect(fetched(COMMAND_CHIP), 'the command chip').to.equal(false);
    expect(fetched(CITATION_GRAMMAR), 'the citation grammar').to.equal(false);
  });

  it('a message with a command waits with a busy, empty body, then shows the chip with its styles', async () => {
    const message = document.createElement('t3-user-message');
    message.content = content;
    message.inputAnnotations = [command];
    const seen = await bodiesUntilDrawn(message);
    expect(seen.length).to.be.greaterThan(0);
    expect(seen.filter((shown) => !shown.text.includes('/review')).every((shown) => shown.busy === 'true')).to.equal(
      true,
    );
    expect(seen.some((shown) => shown.busy === 'true' && shown.text.trim() === '')).to.equal(true);
    expect(fetched(COMMAND_CHIP)).to.equal(true);
    expect(seenText(message)).to.equal('{/review} the change');
    const chip = message.shadowRoot!.querySelector<HTMLElement>('[part~="command"]')!;
    // The chip's styles came with its chunk: its face is a flex box, its details hidden until hover.
    expect(getComputedStyle(chip.querySelector('.command-face')!).display).to.equal('inline-flex');
    expect(getComputedStyle(chip.querySelector('[part~="command-details"]')!).display).to.equal('none');
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
    message.remove();
  });

  it('a format="text" message with a citation link waits for the grammar, then shows the citation chip', async () => {
    const message = document.createElement('t3-user-message');
    message.format = 'text';
    message.text = citedText;
    message.context = { version: 1, records: [terminal] };
    const seen = await bodiesUntilDrawn(message);
    expect(
      seen.every((shown) => !shown.text.includes('t3-citation:')),
      'never the link as text',
    ).to.equal(true);
    expect(fetched(CITATION_GRAMMAR)).to.equal(true);
    expect(seenText(message)).to.equal('Why [Caching the parsed config] and [T1]?');
    message.remove();
  });
});

describe('<t3-user-message>: a command chip or citation grammar that cannot be loaded', () => {
  let frame: HTMLIFrameElement;
  let win: FrameWindow;

  before(async () => ({ frame, win } = await framePage('./fixtures/unloadable-chunks.html')));
  after(() => frame.remove());

  it('shows the command as the text it is, with the rest of the content', async () => {
    const message = win.document.createElement('t3-user-message');
    message.content = content;
    message.inputAnnotations = [command];
    win.document.body.append(message);
    await message.updateComplete;
    expect(fetched(/\/missing\/command-chip\.js/, win), 'the chunk was asked for').to.equal(true);
    expect(message.shadowRoot!.querySelector('[part~="command"]')).to.equal(null);
    expect(body(message).textContent).to.equal('/review the change');
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
  });

  it('shows a citation link as the text it is, the references still as chips', async () => {
    const message = win.document.createElement('t3-user-message');
    message.format = 'text';
    message.text = citedText;
    message.context = { version: 1, records: [terminal] };
    win.document.body.append(message);
    await message.updateComplete;
    await Promise.all([...message.shadowRoot!.querySelectorAll('t3-context-chip')].map((chip) => chip.updateComplete));
    expect(fetched(/\/missing\/message-links\.js/, win), 'the chunk was asked for').to.equal(true);
    expect(seenText(message)).to.equal(`Why ${formatCitationLink(quote)} and [T1]?`);
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
  });
});

describe('<t3-user-message>: annotations that cannot be loaded', () => {
  it('shows annotation-driven content whole, as text, without chips', async () => {
    const { frame, win } = await framePage('./fixtures/unloadable-annotations.html');
    const message = win.document.createElement('t3-user-message');
    message.content = 'see @dataset:users now';
    message.inputAnnotations = [
      { type: 'reference', start: 4, end: 18, text: '@dataset:users', reference: { id: 'users', label: 'Users' } },
    ];
    win.document.body.append(message);
    await message.updateComplete;
    expect(fetched(/\/missing\/message-annotations\.js/, win), 'the chunk was asked for').to.equal(true);
    expect(message.shadowRoot!.querySelector('t3-context-chip')).to.equal(null);
    expect(body(message).textContent).to.equal('see @dataset:users now');
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
    frame.remove();
  });
});
