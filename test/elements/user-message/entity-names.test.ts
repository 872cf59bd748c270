import { expect } from '@open-wc/testing';
import '../../../src/define-message.js';
import { bodiesUntilDrawn, body, fetched, framePage } from './chunk-support.js';

const ENTITY_NAMES = /\/user-message\/entity-names\.(?:ts|js)\b/;

/** A Markdown message of `text` in `doc`, drawn; and each text its body showed meanwhile, with `aria-busy`. */
async function markdownMessage(text: string, doc: Document = document) {
  const message = doc.createElement('t3-user-message');
  message.text = text;
  message.context = { version: 1, records: [] };
  const seen = await bodiesUntilDrawn(message, doc);
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
    const { frame, win } = await framePage('./fixtures/unloadable-chunks.html');
    const { message } = await markdownMessage('&copy; &amp; &eacute;', win.document);
    expect(fetched(/\/missing\/entity-names\.js/, win), 'the chunk was asked for').to.equal(true);
    expect(body(message).textContent).to.equal('&copy; & &eacute;');
    expect(body(message).hasAttribute('aria-busy')).to.equal(false);
    frame.remove();
  });
});
