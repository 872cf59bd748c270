import { expect, fixture, html } from '@open-wc/testing';
import { Marked } from 'marked';
import '../../src/define-message.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { GFM_EXTENSION_EXAMPLES } from './fixtures/gfm-extension-examples.js';

/*
 * The CommonMark 0.31.2 examples and the GitHub Flavored Markdown extensions' examples through
 * <t3-user-message>, held against what `marked` (`gfm`, `breaks`) renders for them: the subset that
 * holds no raw HTML, no image and no destination the message refuses (it shows such links as their
 * source). Both sides are reduced to what a reader gets: elements, their text, a link's destination,
 * a list's start, a code block's language, a table cell's alignment, a task's check.
 */

interface Example {
  example: number;
  section: string;
  markdown: string;
}

/** The examples of the spec text, as the package's own extractor reads them (it needs Node's fs). */
async function specExamples(): Promise<Example[]> {
  const spec = await (await fetch('/node_modules/commonmark-spec/spec.txt')).text();
  const examples: Example[] = [];
  let section = '';
  const tests = spec.replace(/\r\n?/g, '\n').replace(/^<!-- END TESTS -->(.|[\n])*/m, '');
  for (const match of tests.matchAll(/^`{32} example\n([\s\S]*?)^\.\n([\s\S]*?)^`{32}$|^#{1,6} *(.*)$/gm)) {
    if (match[3] !== undefined) section = match[3];
    else examples.push({ example: examples.length + 1, section, markdown: match[1]!.replace(/→/g, '\t') });
  }
  return examples;
}

const marked = new Marked({ gfm: true, breaks: true });
const ALLOWED = /^(https?:|mailto:)/i;

/** Where the message deliberately reads an example otherwise than marked (docs/elements.md lists them). */
const DELIBERATE: Readonly<Record<number, string>> = {
  25: 'named character references outside the table the message decodes (HTML5 names such as &HilbertSpace;) show as written',
  79: 'a heading with no text shows as its source text in a paragraph, not as an empty heading',
};

/**
 * Whether the example is in the subset: no raw HTML, no image, and only destinations the message
 * allows, in links and in link definitions (one the message cannot follow shows as written).
 */
function inSubset(markdown: string, reference: DocumentFragment): boolean {
  const tokens = marked.lexer(markdown);
  let rawHtml = false;
  marked.walkTokens(tokens, (token) => void (rawHtml ||= token.type === 'html' || token.type === 'image'));
  if (rawHtml) return false;
  const definitions = Object.values(tokens.links).map((definition) => definition.href);
  const destinations = [...reference.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
  return [...definitions, ...destinations].every((href) => ALLOWED.test(href));
}

/** A destination as the browser follows it (`https://a.b` and `https://a.b/` are one). */
const destination = (href: string | null) => (URL.canParse(href ?? '') ? new URL(href!).href : href);

/** A table cell's alignment: marked writes an attribute, the message a class (no style under a strict CSP). */
const alignment = (cell: Element) => cell.getAttribute('align') ?? /\balign-(\w+)/.exec(cell.className)?.[1] ?? '';

/** What the reader gets of an element beyond its name and text. */
function detailOf(node: Element): string {
  switch (node.localName) {
    case 'a':
      return `[${destination(node.getAttribute('href'))}]`;
    case 'ol':
      return node.hasAttribute('start') ? `[${node.getAttribute('start')}]` : '';
    case 'code':
      if (node.parentElement?.localName !== 'pre') return '';
      return `[${(node.getAttribute('data-language') ?? node.className.replace(/^language-/, '')) || ''}]`;
    case 'th':
    case 'td':
      return `[${alignment(node)}]`;
    case 'input':
      return (node as HTMLInputElement).checked ? '[checked]' : '[]';
    default:
      return '';
  }
}

/** Elements, text (whitespace collapsed) and each element's detail (detailOf). */
function reading(root: ParentNode): string {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent!.replace(/\s+/g, ' ');
      if (text.trim() !== '') out.push(text.trim());
      return;
    }
    if (!(node instanceof Element)) return;
    const name = node.localName;
    const detail = detailOf(node);
    out.push(`<${name}${detail}>`);
    for (const child of node.childNodes) walk(child);
    out.push(`</${name}>`);
  };
  for (const child of root.childNodes) walk(child);
  return out.join('');
}

function referenceOf(markdown: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = marked.parse(markdown) as string;
  return template.content;
}

async function bodyOf(markdown: string): Promise<Element> {
  const message = await fixture<T3UserMessage>(html`<t3-user-message .text=${markdown}></t3-user-message>`);
  await message.updateComplete;
  return message.shadowRoot!.querySelector('[part~="body"] slot')!;
}

/** Each example of the subset that reads otherwise than marked (and is no deliberate difference). */
async function differences(examples: readonly Example[], deliberate: Readonly<Record<number, string>>) {
  const outside: number[] = [];
  const differing: string[] = [];
  for (const example of examples) {
    const reference = referenceOf(example.markdown);
    if (!inSubset(example.markdown, reference)) {
      outside.push(example.example);
      continue;
    }
    const ours = reading(await bodyOf(example.markdown));
    const theirs = reading(reference);
    if (ours !== theirs && !(example.example in deliberate)) {
      differing.push(`#${example.example} (${example.section})\n  ours:   ${ours}\n  marked: ${theirs}`);
    }
    if (ours === theirs && example.example in deliberate) differing.push(`#${example.example} no longer differs`);
  }
  return { inSubsetCount: examples.length - outside.length, outside, differing };
}

describe('<t3-user-message> on the CommonMark and GFM examples', () => {
  it('reads every CommonMark example of the subset as marked does, but for the deliberate differences', async () => {
    const examples = await specExamples();
    expect(examples.length).to.equal(652);
    const { inSubsetCount, differing } = await differences(examples, DELIBERATE);
    expect(inSubsetCount).to.equal(453);
    expect(differing, differing.join('\n')).to.deep.equal([]);
  });

  it('reads every GFM extension example of the subset as marked does', async () => {
    const { outside, differing } = await differences(GFM_EXTENSION_EXAMPLES, {});
    // #628 links an `ftp:` address and #653 is raw HTML: outside the subset, as the message refuses both.
    expect(outside).to.deep.equal([628, 653]);
    expect(differing, differing.join('\n')).to.deep.equal([]);
  });
});
