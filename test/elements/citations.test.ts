import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import { type Citation, formatCitationLink } from '../../src/core/index.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { citationFromSelection, findCitation, highlightCitation } from '../../src/index.js';
import { centre, nextClipboardWrite, part, waitFor } from './support/interaction.js';

const source = { environmentId: 'env', threadId: 'thread-1', messageId: 'reply-1' };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rendered reply: two paragraphs and a list, with a control inside that the text leaves out. */
async function reply(): Promise<HTMLElement> {
  return fixture<HTMLElement>(html`<div>
    <article id="reply">
      <p>Caching the parsed config avoids <em>reading</em> the file.</p>
      <p>It matters   under load. <button>Copy</button></p>
      <ul>
        <li>first point</li>
        <li>second point</li>
      </ul>
    </article>
    <article id="other"><p>Another reply.</p></article>
  </div>`);
}

/** The viewport point of offset `offset` of the first text node of `element` whose text has `needle`. */
function pointAt(element: Element, needle: string, delta = 0): [number, number] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent!.indexOf(needle);
    if (at === -1) continue;
    const range = document.createRange();
    range.setStart(node, at + delta);
    range.setEnd(node, at + delta + 1);
    const rect = range.getBoundingClientRect();
    return [Math.round(rect.left + 1), Math.round(rect.top + rect.height / 2)];
  }
  throw new Error(`no text ${needle}`);
}

/** Selects from the start of `from` to the start of `to` by dragging the mouse. */
async function drag(from: [number, number], to: [number, number]): Promise<void> {
  await sendMouse({ type: 'move', position: from });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'move', position: to });
  await sendMouse({ type: 'up' });
}

describe('citationFromSelection', () => {
  it('cites a mouse selection across blocks, with collapsed offsets and 32 characters of context', async () => {
    const root = await reply();
    const container = root.querySelector('#reply')!;
    await drag(pointAt(container, 'the parsed'), pointAt(container, 'under load', 5));
    const citation = citationFromSelection(window.getSelection(), container, source) as Citation;
    expect(citation.text).to.equal('the parsed config avoids reading the file.\nIt matters   under');
    // Rendered text: "Caching the parsed config avoids reading the file.\nIt matters under load. …"
    expect(citation.start).to.equal(8);
    expect(citation.end).to.equal(8 + 'the parsed config avoids reading the file. It matters under'.length);
    expect(citation.prefix).to.equal('Caching ');
    expect(citation.suffix).to.equal(' load. first point second point');
    expect(citation).to.include(source);
  });

  it('refuses an empty selection and one that reaches into another reply', async () => {
    const root = await reply();
    const container = root.querySelector('#reply')!;
    window.getSelection()!.removeAllRanges();
    expect(citationFromSelection(window.getSelection(), container, source)).to.include({ error: 'empty' });
    await drag(pointAt(container, 'second point'), pointAt(root.querySelector('#other')!, 'reply', 3));
    expect(citationFromSelection(window.getSelection(), container, source)).to.include({ error: 'spans-messages' });
  });

  it('cites a paragraph selected to the start of the next reply, as a triple click selects it', async () => {
    const root = await reply();
    const container = root.querySelector('#reply')!;
    const range = document.createRange();
    range.setStart(container.querySelectorAll('li')[1]!.firstChild!, 0);
    range.setEnd(root.querySelector('#other p')!, 0);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const citation = citationFromSelection(window.getSelection(), container, source) as Citation;
    expect(citation.text).to.equal('second point');
    expect(citation.suffix).to.equal('');
  });

  it('refuses more than 8,000 characters, with the locale sentence', async () => {
    const root = await fixture<HTMLElement>(html`<div><p>${'x'.repeat(8001)}</p></div>`);
    const range = document.createRange();
    range.selectNodeContents(root.querySelector('p')!);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const failure = citationFromSelection(window.getSelection(), root, source, { citationTooLong: 'Too long.' });
    expect(failure).to.deep.equal({ error: 'too-long', message: 'Too long.' });
  });
});

describe('findCitation and highlightCitation', () => {
  const cited: Citation = {
    version: 1,
    ...source,
    text: 'second point',
    start: 90,
    end: 102,
    prefix: 'first point ',
    suffix: '',
  };

  it('finds the quote at its offsets, and by its text and context once the reply changed', async () => {
    const root = await reply();
    const container = root.querySelector('#reply')!;
    const rendered = 'Caching the parsed config avoids reading the file. It matters under load. first point ';
    const exact = { ...cited, start: rendered.length, end: rendered.length + 12 };
    expect(findCitation(container, exact)!.toString()).to.equal('second point');
    // The reply is rendered anew, with text before the quote and the same words twice.
    container.querySelector('p')!.prepend(document.createTextNode('Update: second point aside. '));
    const range = findCitation(container, exact)!;
    expect(range.toString()).to.equal('second point');
    expect(range.startContainer.parentElement!.localName).to.equal('li');
  });

  it('passes over the same words at the saved offsets when their context changed', async () => {
    const root = await fixture<HTMLElement>(html`<div><p>Keep it. Then drop it.</p></div>`);
    const paragraph = root.querySelector('p')!;
    const second = { ...cited, text: 'it', start: 19, end: 21, prefix: 'Keep it. Then drop ', suffix: '.' };
    expect(findCitation(root, second)!.startOffset).to.equal(19);
    // Edited: the first "it" now sits where the cited one was.
    paragraph.textContent = 'We all agree: keep it. Then drop it.';
    const range = findCitation(root, second)!;
    expect(range.startOffset).to.equal(paragraph.textContent.lastIndexOf('it'));
  });

  it('gives null when the reply no longer holds the quote', async () => {
    const root = await reply();
    expect(findCitation(root.querySelector('#other')!, cited)).to.equal(null);
  });

  it('highlights the passage through the CSS Custom Highlight API without changing the DOM', async () => {
    const root = await reply();
    const container = root.querySelector('#reply')!;
    const before = container.innerHTML;
    const range = findCitation(container, cited)!;
    expect(highlightCitation(range, { duration: 60_000 })).to.be.true;
    const highlight = CSS.highlights.get('t3-citation')!;
    expect([...highlight][0]!.toString()).to.equal('second point');
    expect(container.innerHTML).to.equal(before);
    const rules = [...document.adoptedStyleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText));
    expect(rules.some((rule) => rule.includes('::highlight(t3-citation)'))).to.be.true;
    CSS.highlights.clear();
  });
});

describe('<t3-user-message> citation chips', () => {
  const citation: Citation = {
    version: 1,
    ...source,
    text: 'It matters under load.',
    start: 51,
    end: 73,
    prefix: '',
    suffix: '',
  };
  const text = `Why ${formatCitationLink(citation)} and **this**?`;

  async function message(): Promise<{ message: T3UserMessage; chip: T3ContextChip }> {
    const element = await fixture<T3UserMessage>(html`<t3-user-message .text=${text}></t3-user-message>`);
    const chip = element.shadowRoot!.querySelector<T3ContextChip>('t3-context-chip')!;
    await chip.updateComplete;
    return { message: element, chip };
  }

  it('renders the link as a chip labelled by the quote, amid the Markdown', async () => {
    const { message: element, chip } = await message();
    expect(chip.citation).to.deep.equal(citation);
    expect(part(chip, 'label')!.textContent).to.equal('It matters under load.');
    expect(element.shadowRoot!.querySelector('strong')!.textContent).to.equal('this');
    expect(element.shadowRoot!.textContent).not.to.contain('t3-citation:');
  });

  it('fires t3-citation-activate on a click and on Enter', async () => {
    const { message: element, chip } = await message();
    const clicked = oneEvent(element, 't3-citation-activate');
    await sendMouse({ type: 'click', position: centre(part(chip, 'base')!) });
    const event = await clicked;
    expect(event.detail).to.deep.equal({ citation });
    expect(event.bubbles && event.composed && event.cancelable).to.be.true;
    const pressed = oneEvent(element, 't3-citation-activate');
    await sendKeys({ press: 'Enter' });
    expect((await pressed).detail.citation).to.deep.equal(citation);
  });

  it('copies a selection across the chip with the chip as its link', async () => {
    const { message: element } = await message();
    const body = element.shadowRoot!.querySelector('[part~="body"]')!;
    const texts: Text[] = [];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node as Text).data.trim()) texts.push(node as Text);
    }
    const first = texts[0]!;
    const last = texts.at(-1)!;
    const at = (text: Text, offset: number, side: number): [number, number] => {
      const range = document.createRange();
      range.setStart(text, offset);
      range.setEnd(text, offset + 1);
      const rect = range.getBoundingClientRect();
      return [Math.round(side < 0 ? rect.left + 1 : rect.right - 1), Math.round(rect.top + rect.height / 2)];
    };
    await sendMouse({ type: 'move', position: at(first, 0, -1) });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: at(last, last.data.length - 1, 1) });
    await sendMouse({ type: 'up' });
    const copied = nextClipboardWrite('copy');
    await sendKeys({ press: 'Control+c' });
    // Up to the bold word: the rendered text and the link, as the message's own copy writes them.
    expect((await copied)['text/plain']).to.match(
      new RegExp(`^Why ${escape(formatCitationLink(citation))} and ?this\\?$`),
    );
  });

  it('shows markup in a quote, a comment and an id as text, never as elements', async () => {
    const markup =
      '<img src="x" onerror="window.citationMarkupRan = true"><script>window.citationMarkupRan = true</script>';
    const hostile = { ...citation, messageId: '<b>id</b>', text: markup, comment: `<i>${markup}</i>` };
    const element = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${`See ${formatCitationLink(hostile)}`}></t3-user-message>`,
    );
    const chip = element.shadowRoot!.querySelector<T3ContextChip>('t3-context-chip')!;
    await chip.updateComplete;
    part(chip, 'base')!.focus();
    await waitFor(() => !!part(chip, 'details'), 'the details');
    const details = part(chip, 'details')!;
    expect(part(chip, 'label')!.textContent).to.equal(`<i>${markup}</i>`.slice(0, 64) + '…');
    expect(details.textContent).to.contain(markup).and.to.contain('<b>id</b>');
    expect(chip.shadowRoot!.querySelectorAll('img, script, b, i')).to.have.length(0);
    expect((window as { citationMarkupRan?: boolean }).citationMarkupRan).to.equal(undefined);
  });

  it('shows the saved quote and its source in the details on focus', async () => {
    const { chip } = await message();
    part(chip, 'base')!.focus();
    await waitFor(() => !!part(chip, 'details'), 'the details');
    expect(part(chip, 'details')!.textContent).to.contain('It matters under load.');
  });
});
