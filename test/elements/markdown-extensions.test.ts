import { expect, fixture, html } from '@open-wc/testing';
import markedAlert from 'marked-alert';
import markedFootnote from 'marked-footnote';
import '../../src/define-message.js';
import type { MarkdownExtension, RenderHostToken } from '../../src/elements/user-message/markdown.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { link, terminal } from '../../support/records.js';

/*
 * A host's Markdown syntax through published `marked` extensions (GitHub-style alerts, footnotes),
 * drawn by the host's `renderMarkdownToken`; what no one draws shows as its source.
 */

const ALERTS: readonly MarkdownExtension[] = [markedAlert()];
const FOOTNOTES: readonly MarkdownExtension[] = [markedFootnote()];

type HostToken = Parameters<RenderHostToken>[0];

const drawAlert: RenderHostToken = (token, defaultRender) => {
  if (token.type !== 'alert') return undefined;
  const meta = token.meta as { variant: string; title: string };
  return html`<div part="alert" class=${`alert ${meta.variant}`} role="note">
    <p class="alert-title">${meta.title}</p>
    ${defaultRender(token.tokens as unknown[])}
  </div>`;
};

async function message(
  text: string,
  extensions: readonly MarkdownExtension[] | undefined,
  draw?: RenderHostToken,
): Promise<T3UserMessage> {
  const element = await fixture<T3UserMessage>(html`<t3-user-message
    .text=${text}
    .context=${{ version: 1, records: [terminal] }}
    .markdownExtensions=${extensions}
    .renderMarkdownToken=${draw}
  ></t3-user-message>`);
  await element.updateComplete;
  return element;
}

const body = (element: T3UserMessage) => element.shadowRoot!.querySelector('[part~="body"]')!;

describe('<t3-user-message> with a host’s Markdown syntax', () => {
  it('draws a GitHub-style alert (marked-alert) as the host draws it, chips and Markdown inside', async () => {
    const element = await message(`> [!WARNING]\n> Check ${link(terminal)} **first**`, ALERTS, drawAlert);
    const alert = body(element).querySelector('[part~="alert"]')!;
    expect(alert.getAttribute('role')).to.equal('note');
    expect(alert.className).to.equal('alert warning');
    expect(alert.querySelector('.alert-title')!.textContent).to.equal('Warning');
    expect(alert.querySelector('strong')!.textContent).to.equal('first');
    expect(alert.querySelector('t3-context-chip')!.contextId).to.equal(terminal.contextId);
    expect(body(element).textContent).not.to.contain('[!WARNING]');
    expect(body(element).querySelector('blockquote')).to.equal(null);
  });

  it('shows a token no one draws as its source text, chips kept', async () => {
    const element = await message(`> [!NOTE]\n> See ${link(terminal)}`, ALERTS);
    expect(body(element).textContent).to.contain('[!NOTE]');
    expect(body(element).querySelector('t3-context-chip')).to.exist;
  });

  it('without the extension, the same text is a quote', async () => {
    const element = await message('> [!NOTE]\n> Plain', undefined, drawAlert);
    expect(body(element).querySelector('blockquote')!.textContent).to.contain('[!NOTE]');
  });

  it('draws footnotes (marked-footnote): the reference where it stands, the notes at the end', async () => {
    const draw: RenderHostToken = (token, defaultRender) => {
      if (token.type === 'footnoteRef') return html`<sup part="footnote-ref">${token.id as string}</sup>`;
      // A definition shows in the notes at the end, not where it was written.
      if (token.type === 'footnote') return html``;
      if (token.type === 'footnotes') {
        const items = token.items as (HostToken & { label: string; content: unknown[] })[];
        return html`<ol part="footnotes">
          ${items.map((item) => html`<li data-label=${item.label}>${defaultRender(item.content)}</li>`)}
        </ol>`;
      }
      return undefined;
    };
    const element = await message(`It works[^1].\n\n[^1]: As ${link(terminal)} shows.`, FOOTNOTES, draw);
    expect(body(element).querySelector('[part~="footnote-ref"]')!.textContent).to.equal('1');
    const note = body(element).querySelector('[part~="footnotes"] li')!;
    expect(note.getAttribute('data-label')).to.equal('1');
    expect(note.textContent).to.contain('As');
    expect(note.querySelector('t3-context-chip')).to.exist;
    expect(body(element).textContent).not.to.contain('[^1]');
  });

  it('lets the host draw a built-in token (a DOM node), and draws the rest itself', async () => {
    const draw: RenderHostToken = (token) => {
      if (token.type !== 'code') return undefined;
      const figure = document.createElement('figure');
      figure.setAttribute('part', 'highlighted');
      figure.textContent = token.text as string;
      return figure;
    };
    const element = await message('```js\nlet a = 1;\n```\n\n*after*', undefined, draw);
    expect(body(element).querySelector('[part~="highlighted"]')!.textContent).to.equal('let a = 1;');
    expect(body(element).querySelector('pre')).to.equal(null);
    expect(body(element).querySelector('em')!.textContent).to.equal('after');
  });

  it('a drawing that throws, or returns neither a node nor a template, leaves the token to the message', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const throwing: RenderHostToken = (token) => {
        if (token.type === 'strong') throw new Error('host bug');
        return token.type === 'em' ? 'not a node' : undefined;
      };
      const element = await message('**bold** and *em*', undefined, throwing);
      expect(body(element).querySelector('strong')!.textContent).to.equal('bold');
      expect(body(element).querySelector('em')!.textContent).to.equal('em');
      expect(errors).to.have.length(1);
    } finally {
      console.error = original;
    }
  });

  it('follows a change of the drawing or of the extensions', async () => {
    const element = await message('> [!TIP]\n> Go', ALERTS);
    expect(body(element).textContent).to.contain('[!TIP]');
    element.renderMarkdownToken = drawAlert;
    await element.updateComplete;
    expect(body(element).querySelector('[part~="alert"]')).to.exist;
    element.markdownExtensions = undefined;
    await element.updateComplete;
    expect(body(element).querySelector('blockquote')).to.exist;
  });
});
