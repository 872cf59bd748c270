import { expect } from '@open-wc/testing';
import '../../../src/define-message.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { waitFor } from '../support/interaction.js';

// Served unbundled, the page fetches more modules than the default buffer keeps timings of.
performance.setResourceTimingBufferSize(10_000);

const ENTITY_NAMES = /\/user-message\/entity-names\.(?:ts|js)\b/;

function fetched(pattern: RegExp, win: Window = window): boolean {
  return win.performance.getEntriesByType('resource').some((entry) => pattern.test(entry.name));
}

function body(message: T3UserMessage): HTMLElement {
  return message.shadowRoot!.querySelector('[part~="body"]')!;
}

/** A Markdown message of `text` in `doc`, drawn; and each text its body showed meanwhile, with `aria-busy`. */
async function markdownMessage(text: string, doc: Document = document) {
  const message = doc.createElement('t3-user-message');
  message.text = text;
  message.context = { version: 1, records: [] };
  const seen: { text: string; busy: string | null }[] = [];
  const observer = new MutationObserver(() => {
    const shown = message.shadowRoot!.querySelector('[part~="body"]');
    if (shown) seen.push({ text: shown.textContent ?? '', busy: shown.getAttribute('aria-busy') });
  });
  doc.body.append(message);
  observer.observe(message.shadowRoot!, { subtree: true, childList: true, characterData: true, attributes: true });
  await message.updateComplete;
  observer.disconnect();
  return { message, seen };
}

// First in this file: nothing in this page has loaded the table of named references yet.
describe('<t3-user-message>: named character references in Markdown', () => {
  it('decodes markup names and numeric references without loading the table of names', async () => {
    const { message } = await markdownMessage('Fish &amp; chips &lt;3&gt; &quot;x&quot;&nbsp;&#169; &#x1F600;');
    expect(body(message).textContent).to.equal('Fish & chips <3> "x"\u00a0© 😀');
    expect(fetched(/\/user-message\/markdown\.(?:ts|js)\b/), 'the Markdown renderer').to.equal(true);
    expect(fetched(ENTITY_NAMES), 'the table of names').to.equal(false);
    message.remove();
  });

  it('waits with an empty, busy body while the table loads for other names, then shows their characters', async () => {
    const { message, seen } = await markdownMessage('&copy; 2026 &mdash; caf&eacute;&hellip; &unknownname;');
    expect(fetched(ENTITY_NAMES)).to.equal(true);
    expect(
      seen.every((shown) => !shown.text.includes('&copy;')),
      'never the names as text before the table came',
    ).to.equal(true);
    expect(body(message).textContent).to.equal('© 2026 — café… &unknownname;');
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
    message.remove();
  });
});

describe('<t3-user-message>: a table of names that cannot be loaded', () => {
  it('shows the names it cannot decode as written, and decodes the rest', async () => {
    const frame = document.createElement('iframe');
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = new URL('./fixtures/unloadable-chunks.html', import.meta.url).href;
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    await waitFor(() => !!win.customElements.get('t3-user-message'), 'the frame', 5000);
    const { message } = await markdownMessage('&copy; &amp; &eacute;', win.document);
    expect(fetched(/\/missing\/entity-names\.js/, win), 'the chunk was asked for').to.equal(true);
    expect(body(message).textContent).to.equal('&copy; & &eacute;');
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
    frame.remove();
  });
});
