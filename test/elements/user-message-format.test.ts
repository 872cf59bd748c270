import { expect, fixture, html } from '@open-wc/testing';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { file, link, terminal } from '../../support/records.js';
import { fetched } from './support/fetched.js';

function body(message: T3UserMessage): HTMLElement {
  return message.shadowRoot!.querySelector('[part~="body"]')!;
}

function chips(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
}

/** The body's text with each chip as its label, as a reader sees it. */
function seenText(message: T3UserMessage): string {
  let seen = '';
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child instanceof HTMLElement && child.localName === 't3-context-chip')
        seen += `[${(child as T3ContextChip).label}]`;
      else if (child.nodeType === Node.TEXT_NODE) seen += child.textContent;
      else walk(child);
    }
  };
  walk(body(message));
  return seen;
}

const VERBATIM = '2*3*4 and __init__ &amp; <b>x</b>\n# x\n  indented\n- not a list';

/** The Markdown renderer's module or `marked`. */
const markdownLoaded = () => fetched(/\/user-message\/markdown\.(?:ts|js)\b|\/marked\//);

// First in this file: the page has not loaded the Markdown renderer before these run.
describe('loading Markdown only where a message needs it', () => {
  it('renders format="text" messages without loading a Markdown parser', async () => {
    const text = `**not bold** ${link(terminal, 'T1')}`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message format="text" .text=${text} .context=${{ version: 1, records: [terminal] }}></t3-user-message>`,
    );
    expect(seenText(message)).to.equal('**not bold** [T1]');
    const plain = await fixture<T3UserMessage>(
      html`<t3-user-message format="text" .text=${'A message stored without a context, <b>no</b> legacy block'}></t3-user-message>`,
    );
    expect(seenText(plain)).to.equal('A message stored without a context, <b>no</b> legacy block');
    expect(markdownLoaded()).to.equal(false);
  });

  // Served unbundled here, the upgrade's module loads with the core; the built entries keep it apart (test/package).
  it('upgrades a message without a context whose text has a legacy block once the upgrade has loaded', async () => {
    const text = `See \uFFFC please\n\n<terminal_context>\n- Terminal 1 lines 1-2:\n  1 | npm run build\n  2 | ok\n</terminal_context>`;
    const message = await fixture<T3UserMessage>(html`<t3-user-message format="text" .text=${text}></t3-user-message>`);
    expect(seenText(message)).to.equal('See [Terminal 1 lines 1-2] please');
    expect(chips(message)[0]!.record).to.include({ kind: 'terminal', text: 'npm run build\nok' });
  });

  it('a Markdown message waits for the parser with a busy, empty body, never its source as text', async () => {
    const message = document.createElement('t3-user-message');
    message.text = `**bold** ${link(terminal, 'T1')}`;
    message.context = { version: 1, records: [terminal] };
    // What the body showed at each change before the parsed Markdown arrived.
    const seenBeforeParsed: { text: string; busy: string | null }[] = [];
    const observer = new MutationObserver(() => {
      const shown = body(message);
      if (shown && !shown.querySelector('strong')) {
        seenBeforeParsed.push({ text: shown.textContent ?? '', busy: shown.getAttribute('aria-busy') });
      }
    });
    document.body.append(message);
    observer.observe(message.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
    await message.updateComplete;
    observer.disconnect();
    expect(seenBeforeParsed.length).to.be.greaterThan(0);
    expect(seenBeforeParsed.every((seen) => seen.text.trim() === '' && seen.busy === 'true')).to.equal(true);
    expect(body(message).querySelector('strong')?.textContent).to.equal('bold');
    expect(seenText(message)).to.equal('bold [T1]');
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
    expect(markdownLoaded()).to.equal(true);
    message.remove();
  });
});

describe('<t3-user-message format="text">', () => {
  it('shows record-driven text verbatim, with chips and no Markdown', async () => {
    const text = `${VERBATIM}\nsee ${link(terminal, 'T1')} and ${link(file)}`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message format="text" .text=${text} .context=${{ version: 1, records: [terminal, file] }}></t3-user-message>`,
    );
    expect(seenText(message)).to.equal(`${VERBATIM}\nsee [T1] and [report.pdf]`);
    expect(body(message).querySelector('h1, em, strong, ul, b, p')).to.equal(null);
    expect(getComputedStyle(body(message)).whiteSpace).to.equal('pre-wrap');
    expect(chips(message).map((chip) => chip.record)).to.deep.equal([terminal, file]);
  });

  it('renders Markdown by default, as T3 Code does, and switches when the attribute changes', async () => {
    const message = await fixture<T3UserMessage>(html`<t3-user-message .text=${'# x and 2*3*4'}></t3-user-message>`);
    expect(message.format).to.equal('markdown');
    expect(body(message).querySelector('h1 em')?.textContent).to.equal('3');
    message.setAttribute('format', 'text');
    await message.updateComplete;
    expect(body(message).querySelector('h1')).to.equal(null);
    expect(seenText(message)).to.equal('# x and 2*3*4');
  });

  it('reads an unknown format as Markdown and never throws', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message format="bogus" .text=${'**bold**'}></t3-user-message>`,
    );
    expect(body(message).querySelector('strong')?.textContent).to.equal('bold');
  });

  it('gives a custom renderer the same text and segments in both formats, and falls back to each default', async () => {
    const seen: string[] = [];
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message
        format="text"
        .text=${`a *b* ${link(file)}`}
        .context=${{ version: 1, records: [file] }}
        .renderUserMessageContent=${(info: { text?: string; segments: unknown[] }) => {
          seen.push(`${info.text}|${info.segments.length}`);
          return null;
        }}
      ></t3-user-message>`,
    );
    expect(body(message).querySelector('em')).to.equal(null);
    message.format = 'markdown';
    await message.updateComplete;
    expect(body(message).querySelector('em')?.textContent).to.equal('b');
    expect(seen).to.deep.equal([`a *b* ${link(file)}|2`, `a *b* ${link(file)}|2`]);
    expect(chips(message)).to.have.length(1);
  });
});
