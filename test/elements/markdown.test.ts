import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { render } from 'lit';
import { collectContextReferences, type ContextReferenceOccurrence } from '../../src/core/references.js';
import { NAMED_ENTITIES } from '../../src/elements/user-message/entity-names.js';
import {
  MARKDOWN_SOURCE_LIMIT,
  parseMessageMarkdown,
  renderMessageMarkdown,
  useNamedEntities,
} from '../../src/elements/user-message/markdown.js';
import { markdownLexer } from '../../src/elements/user-message/markdown-lexer.js';
import { domTarget } from '../../src/elements/user-message/body-target.js';
import { assertNoScriptSurface, XSS_PAYLOADS } from './support/xss.js';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

function chip(occurrence: ContextReferenceOccurrence, index: number): HTMLElement {
  const element = document.createElement('span');
  element.className = 'chip';
  element.dataset.id = occurrence.contextId;
  element.dataset.index = String(index);
  element.textContent = occurrence.label;
  return element;
}

const containers: HTMLElement[] = [];

/** Counts the lexer's runs until `restore`. */
function countLexing(): { calls: number; restore(): void } {
  const original = markdownLexer.lex;
  const counter = {
    calls: 0,
    restore: () => void (markdownLexer.lex = original),
  };
  markdownLexer.lex = (...args) => {
    counter.calls++;
    return original.apply(markdownLexer, args);
  };
  return counter;
}

function renderMarkdown(text: string): HTMLDivElement {
  const container = document.createElement('div');
  render(renderMessageMarkdown(parseMessageMarkdown(text), domTarget, chip), container);
  document.body.append(container);
  containers.push(container);
  return container;
}

function chipsOf(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.chip'));
}

/** Chips are exactly the occurrences, in order, each once. */
function expectChipsMatchReferences(root: Element, text: string) {
  const occurrences = collectContextReferences(text);
  const chips = chipsOf(root);
  expect(chips.map((element) => element.dataset.index)).to.deep.equal(occurrences.map((_, index) => String(index)));
  expect(chips.map((element) => element.dataset.id)).to.deep.equal(
    occurrences.map((occurrence) => occurrence.contextId),
  );
}

/** Asserts that nothing matches, naming the offending markup (chai's own element formatting is avoided). */
function expectNone(root: Element, selector: string, message = selector) {
  expect(root.querySelector(selector)?.outerHTML ?? null, message).to.equal(null);
}

function text(root: Element): string {
  return root.textContent ?? '';
}

const ref = (id: string, label = id) => `[${label}](t3-context://v1/file/${id})`;

afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
});

describe('renderMessageMarkdown: Markdown constructs', () => {
  it('renders paragraphs', () => {
    const root = renderMarkdown('first para\n\nsecond para');
    expect(Array.from(root.querySelectorAll('p'), (p) => p.textContent)).to.deep.equal(['first para', 'second para']);
  });

  it('renders ATX headings h1–h6 and setext headings', () => {
    const root = renderMarkdown(
      '# one\n## two\n### three\n#### four\n##### five\n###### six\n\nseven\n=====\n\neight\n---',
    );
    for (const [tag, content] of [
      ['h1', 'one'],
      ['h2', 'two'],
      ['h3', 'three'],
      ['h4', 'four'],
      ['h5', 'five'],
      ['h6', 'six'],
    ]) {
      expect(root.querySelector(tag)?.textContent, tag).to.equal(content);
    }
    expect(Array.from(root.querySelectorAll('h1'), (h) => h.textContent)).to.deep.equal(['one', 'seven']);
    expect(Array.from(root.querySelectorAll('h2'), (h) => h.textContent)).to.deep.equal(['two', 'eight']);
  });

  it('renders unordered, ordered (with start) and nested lists', () => {
    const root = renderMarkdown('- a\n- b\n  - nested\n\n3. three\n4. four\n\nbetween\n\n1. one');
    const [unordered] = root.querySelectorAll('ul');
    expect(unordered!.querySelectorAll(':scope > li')).to.have.length(2);
    expect(unordered!.querySelector('li ul li')?.textContent).to.equal('nested');
    const [fromThree, fromOne] = root.querySelectorAll('ol');
    expect(fromThree!.getAttribute('start')).to.equal('3');
    expect(fromThree!.textContent).to.contain('three').and.contain('four');
    expect(fromOne!.hasAttribute('start')).to.be.false;
  });

  it('renders task lists with disabled checkboxes, tight and loose', () => {
    const root = renderMarkdown('- [ ] todo\n- [x] done\n\nloose:\n\n- [x] first\n\n- [ ] second');
    const boxes = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'));
    expect(boxes.map((box) => box.checked)).to.deep.equal([false, true, true, false]);
    expect(boxes.every((box) => box.disabled)).to.be.true;
    expect(root.querySelectorAll('li.task-list-item')).to.have.length(4);
    expect(text(root)).to.contain('todo').and.contain('done').and.contain('second');
  });

  it('renders blockquotes, nested too', () => {
    const root = renderMarkdown('> quoted\n>\n> > inner');
    expect(root.querySelector('blockquote > p')?.textContent).to.equal('quoted');
    expect(root.querySelector('blockquote blockquote')?.textContent?.trim()).to.equal('inner');
  });

  it('renders fenced and indented code as text only, with the language as data', () => {
    const root = renderMarkdown('```ts\nconst a = 1 < 2 && *b*;\n```\n\n    indented <b>code</b>\n\n~~~\ntilde\n~~~');
    const [fenced, indented, tilde] = Array.from(root.querySelectorAll<HTMLElement>('pre > code'));
    expect(fenced!.dataset.language).to.equal('ts');
    expect(fenced!.textContent).to.equal('const a = 1 < 2 && *b*;');
    expect(fenced!.children).to.have.length(0);
    expect(indented!.hasAttribute('data-language')).to.be.false;
    expect(indented!.textContent).to.equal('indented <b>code</b>');
    expect(tilde!.textContent).to.equal('tilde');
  });

  it('renders code spans, emphasis, strong and strikethrough', () => {
    const root = renderMarkdown('a `x < y` *em* _em2_ **strong** __strong2__ ~~gone~~ ~one~ ***both***');
    expect(root.querySelector('code')?.textContent).to.equal('x < y');
    expect(Array.from(root.querySelectorAll('em'), (e) => e.textContent)).to.include.members(['em', 'em2']);
    expect(Array.from(root.querySelectorAll('strong'), (e) => e.textContent)).to.include.members(['strong', 'strong2']);
    expect(Array.from(root.querySelectorAll('del'), (e) => e.textContent)).to.deep.equal(['gone', 'one']);
    expect(root.querySelector('em strong, strong em')?.textContent).to.equal('both');
  });

  it('renders every line break the user typed, hard or not, and thematic breaks', () => {
    const root = renderMarkdown('line one  \nline two\\\nline three\nsoft\n\n---\n\n***');
    expect(root.querySelectorAll('p br')).to.have.length(3);
    expect(root.querySelector('p')!.innerText).to.equal('line one\nline two\nline three\nsoft');
    expect(root.querySelectorAll('hr')).to.have.length(2);
  });

  it('renders GFM tables with alignment', () => {
    const root = renderMarkdown(
      '| left | center | right | none |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n| a \\| b | *e* | `c` | |',
    );
    const headers = Array.from(root.querySelectorAll('thead th'));
    expect(headers.map((th) => th.textContent)).to.deep.equal(['left', 'center', 'right', 'none']);
    // Alignment is a class (the message's stylesheet aligns it): no style attribute for a strict CSP to refuse.
    expect(headers.map((th) => th.className)).to.deep.equal(['align-left', 'align-center', 'align-right', '']);
    expect(root.querySelectorAll('[style]')).to.have.length(0);
    const rows = Array.from(root.querySelectorAll('tbody tr'));
    expect(rows).to.have.length(2);
    expect(Array.from(rows[1]!.querySelectorAll('td'), (td) => td.textContent)).to.deep.equal(['a | b', 'e', 'c', '']);
    expect(rows[0]!.querySelector('td:nth-child(3)')!.className).to.equal('align-right');
  });

  it('renders backslash escapes as the escaped character', () => {
    const root = renderMarkdown('\\*not em\\* \\# \\[x\\](y) \\<b\\> \\\\');
    expectNone(root, 'em');
    expectNone(root, 'a');
    expect(text(root)).to.equal('*not em* # [x](y) <b> \\');
  });

  it('links autolinks and GFM bare URLs and e-mail addresses', () => {
    const root = renderMarkdown(
      '<https://a.example/x> https://b.example/y?q=1 www.c.example d@e.example <mailto:f@g.example>',
    );
    expect(Array.from(root.querySelectorAll('a'), (a) => a.getAttribute('href'))).to.deep.equal([
      'https://a.example/x',
      'https://b.example/y?q=1',
      'http://www.c.example/',
      'mailto:d@e.example',
      'mailto:f@g.example',
    ]);
    expect(Array.from(root.querySelectorAll('a'), (a) => a.textContent)).to.deep.equal([
      'https://a.example/x',
      'https://b.example/y?q=1',
      'www.c.example',
      'd@e.example',
      'mailto:f@g.example',
    ]);
  });

  it('resolves reference links and renders definitions as nothing', () => {
    const root = renderMarkdown('see [docs][d] and [d]\n\n[d]: https://docs.example/ "Docs"');
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://docs.example/', 'https://docs.example/']);
    expect(links[0]!.title).to.equal('Docs');
    expect(text(root)).to.equal('see docs and d');
  });
});

describe('renderMessageMarkdown: character references', () => {
  // As a message does once its text names one beyond the built-in few (entity-names.test.ts).
  before(() => useNamedEntities(NAMED_ENTITIES));

  it('decodes numeric and common named references in text', () => {
    const root = renderMarkdown('&amp; &#60; &#x3C; &lt; &gt; &quot; &apos; &nbsp; &copy; &hellip; &#128512;');
    expect(text(root)).to.equal('& < < < > " \' \u00a0 © … 😀');
  });

  it('keeps unknown names, bare ampersands and decodes only once', () => {
    const root = renderMarkdown('&foo; AT&T &copy &#38;lt; &amp;lt; &#x26;amp; &#0;');
    expect(text(root)).to.equal('&foo; AT&T &copy &lt; &lt; &amp; \ufffd');
  });

  it('decodes references in headings, table cells, link text and titles', () => {
    const root = renderMarkdown(
      '# a &amp; b\n\n| &lt;x&gt; |\n|---|\n| &copy; |\n\n[&quot;q&quot;](https://x.example "t &amp; u")',
    );
    expect(root.querySelector('h1')?.textContent).to.equal('a & b');
    expect(root.querySelector('th')?.textContent).to.equal('<x>');
    expect(root.querySelector('td')?.textContent).to.equal('©');
    expect(root.querySelector('a')?.textContent).to.equal('"q"');
    expect(root.querySelector('a')?.title).to.equal('t & u');
  });

  it('does not decode references in code spans and code blocks', () => {
    const root = renderMarkdown('`&amp; &#60;`\n\n```\n&lt;div&gt; &copy;\n```\n\n    &amp;');
    const codes = Array.from(root.querySelectorAll('code'), (code) => code.textContent);
    expect(codes).to.deep.equal(['&amp; &#60;', '&lt;div&gt; &copy;', '&amp;']);
  });
});

describe('renderMessageMarkdown: raw HTML is text', () => {
  for (const [name, source] of [
    ['a script block', '<script>alert(1)</script>'],
    ['an image with onerror', '<img src=x onerror=alert(1)>'],
    ['a javascript: anchor', '<a href="javascript:alert(1)">x</a>'],
    ['a comment', '<!-- secret -->'],
    ['a div block', '<div class="x">\ninside\n</div>'],
  ] as const) {
    it(`shows ${name} exactly as written`, () => {
      const root = renderMarkdown(source);
      expect(text(root)).to.equal(source);
      expectNone(root, 'script, img, div, a');
      assertNoScriptSurface(root);
    });
  }

  it('shows inline HTML as text inside a paragraph', () => {
    const source = 'before <b onclick="alert(1)">bold</b> <span style="x">s</span> after';
    const root = renderMarkdown(source);
    expect(root.querySelector('p')?.textContent).to.equal(source);
    expectNone(root, 'b, span');
  });
});

describe('renderMessageMarkdown: links', () => {
  it('links absolute http, https and mailto URLs in a new tab without opener', () => {
    const root = renderMarkdown('[h](http://h.example/a) [s](https://s.example/b "Title") [m](mailto:m@x.example)');
    const links = Array.from(root.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'http://h.example/a',
      'https://s.example/b',
      'mailto:m@x.example',
    ]);
    for (const link of links) {
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.equal('noopener noreferrer');
    }
    expect(links[1]!.title).to.equal('Title');
    expect(links[0]!.hasAttribute('title')).to.be.false;
  });

  it('decodes references in destinations before checking them', () => {
    const root = renderMarkdown('[a](https://x.example/?a=1&amp;b=2) [b](&#104;ttps://y.example/)');
    expect(Array.from(root.querySelectorAll('a'), (a) => a.getAttribute('href'))).to.deep.equal([
      'https://x.example/?a=1&b=2',
      'https://y.example/',
    ]);
  });

  it('renders link text with emphasis and code inside the link', () => {
    const root = renderMarkdown('[*em* and `code`](https://x.example)');
    expect(root.querySelector('a em')?.textContent).to.equal('em');
    expect(root.querySelector('a code')?.textContent).to.equal('code');
  });

  for (const [name, source] of [
    ['relative path', '[text](/relative/path)'],
    ['relative file', '[text](./file.md)'],
    ['fragment', '[text](#section)'],
    ['query', '[text](?q=1)'],
    ['protocol-relative', '[text](//evil.example/x)'],
    ['javascript', '[text](javascript:alert(1))'],
    ['upper-case javascript', '[text](JavaScript:alert(1))'],
    ['entity tab in the scheme', '[text](jav&#x09;ascript:alert(1))'],
    ['decimal entity tab', '[text](jav&#9;ascript:alert(1))'],
    ['entity-encoded scheme', '[text](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:alert(1))'],
    ['named entity colon', '[text](javascript&colon;alert(1))'],
    ['control character', '[text](\u0001javascript:alert(1))'],
    ['newline in the scheme', '[text](<java\nscript:alert(1)>)'],
    ['vbscript', '[text](vbscript:msgbox(1))'],
    ['data', '[text](data:text/html,<script>alert(1)</script>)'],
    ['file', '[text](file:///etc/passwd)'],
    ['ftp', '[text](ftp://x.example/)'],
    ['reference to javascript', '[text][r]\n\n[r]: javascript:alert(1)'],
    ['autolink javascript', '<javascript:alert(1)>'],
    ['malformed t3-context', '[text](t3-context://v1/file/)'],
    ['t3-context with a query', '[text](t3-context://v1/file/a?x=1)'],
    ['t3-context wrong version', '[text](t3-context://v2/file/a)'],
    ['t3-context extra segment', '[text](t3-context://v1/file/a/b)'],
  ] as const) {
    it(`shows a ${name} link as its whole source`, () => {
      const root = renderMarkdown(source);
      expectNone(root, 'a', source);
      expect(chipsOf(root)).to.have.length(0);
      for (const line of source.split('\n').filter(Boolean)) expect(text(root)).to.contain(line);
      assertNoScriptSurface(root);
    });
  }
});

describe('renderMessageMarkdown: images are never loaded', () => {
  it('turns a safe remote image into a link whose text is the alt text', () => {
    const root = renderMarkdown('![a *diagram*](https://img.example/d.png "Diagram")');
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).to.equal('https://img.example/d.png');
    expect(link.textContent).to.equal('a diagram');
    expect(link.title).to.equal('Diagram');
    expect(link.rel).to.equal('noopener noreferrer');
    expectNone(root, 'img');
  });

  it('shows the URL when the alt text is empty', () => {
    const root = renderMarkdown('![](http://img.example/e.png)');
    expect(root.querySelector('a')?.textContent).to.equal('http://img.example/e.png');
  });

  for (const source of [
    '![alt text](/relative.png)',
    '![alt text](data:image/png;base64,iVBORw0KGgo=)',
    '![alt text](javascript:alert(1))',
    '![alt text](mailto:a@b.example)',
    '![alt text](blob:https://x.example/uuid)',
  ]) {
    it(`shows the whole source of ${source}`, () => {
      const root = renderMarkdown(source);
      expectNone(root, 'a, img');
      expect(text(root)).to.equal(source);
    });
  }

  it('does not nest a link inside a link for an image in link text: the image shows its source', () => {
    const root = renderMarkdown('[![badge](https://img.example/b.svg)](https://ci.example/)');
    const links = root.querySelectorAll('a');
    expect(links).to.have.length(1);
    expect(links[0]!.getAttribute('href')).to.equal('https://ci.example/');
    expect(links[0]!.textContent).to.equal('![badge](https://img.example/b.svg)');
    expectNone(root, 'img');
  });
});

describe('renderMessageMarkdown: nothing typed disappears', () => {
  it('shows [x](javascript:alert(1)) whole, not only x', () => {
    const root = renderMarkdown('See [x](javascript:alert(1)) here');
    expectNone(root, 'a');
    expect(text(root)).to.equal('See [x](javascript:alert(1)) here');
  });

  it('keeps a usable definition invisible and shows one that no link can follow', () => {
    const safe = renderMarkdown('[docs][d]\n\n[d]: https://docs.example/');
    expect(safe.querySelector('a')?.getAttribute('href')).to.equal('https://docs.example/');
    expect(text(safe)).to.equal('docs');
    const unsafe = renderMarkdown('[docs][d]\n\n[d]: ./relative.md');
    expectNone(unsafe, 'a');
    expect(text(unsafe)).to.contain('[docs][d]');
    expect(text(unsafe)).to.contain('[d]: ./relative.md');
  });
});

describe('renderMessageMarkdown: context chips', () => {
  const contexts: [string, string, string][] = [
    ['a paragraph', `see ${ref('p1')} here`, 'p > .chip'],
    ['a heading', `## title ${ref('h1')}`, 'h2 > .chip'],
    ['a list item', `- item ${ref('l1')}`, 'li > .chip'],
    ['an ordered list item', `2. item ${ref('o1')}`, 'ol li > .chip'],
    ['a table cell', `| a | b |\n|---|---|\n| ${ref('t1')} | x |`, 'td > .chip'],
    ['a table header', `| ${ref('th1')} |\n|---|\n| x |`, 'th > .chip'],
    ['a blockquote', `> quoted ${ref('q1')}`, 'blockquote .chip'],
    ['emphasis', `*em ${ref('e1')}*`, 'em > .chip'],
    ['strong', `**strong ${ref('s1')}**`, 'strong > .chip'],
    ['strikethrough', `~~del ${ref('d1')}~~`, 'del > .chip'],
    // A `]` between the link's `[` and the reference keeps the reference from starting at the link's `[`.
    ['link text', `[see [it] ${ref('a1')} now](https://x.example)`, 'a > .chip'],
    ['a code span', `\`run ${ref('c1')}\``, 'code > .chip'],
    ['a fenced code block', `\`\`\`sh\nrun ${ref('f1')}\n\`\`\``, 'pre > code > .chip'],
    ['an indented code block', `    run ${ref('i1')}`, 'pre > code > .chip'],
    ['raw HTML', `<span>${ref('r1')}</span>`, 'p > .chip'],
    ['a task item', `- [x] done ${ref('k1')}`, 'li > .chip'],
  ];

  for (const [name, source, selector] of contexts) {
    it(`renders a chip inside ${name}`, () => {
      const root = renderMarkdown(source);
      expect(root.querySelector(selector) !== null, root.innerHTML).to.be.true;
      expectChipsMatchReferences(root, source);
    });
  }

  it('renders image references and shows the sanitised label', () => {
    const source = `![shot \t [1](t3-context://v1/image/img_1) and [a\\b](t3-context://v1/file/f_1)`;
    const root = renderMarkdown(source);
    expect(chipsOf(root).map((element) => element.textContent)).to.deep.equal(['shot 1', 'a b']);
    expectChipsMatchReferences(root, source);
  });

  it('renders every chip of a mixed document once, in order', () => {
    const source = contexts.map(([, part]) => part).join('\n\n');
    const root = renderMarkdown(source);
    expectChipsMatchReferences(root, source);
    expect(chipsOf(root)).to.have.length(contexts.length);
  });

  it('renders adjacent references and references next to digits', () => {
    const source = `${ref('a')}${ref('b')}12${ref('c')}3`;
    const root = renderMarkdown(source);
    expectChipsMatchReferences(root, source);
    expect(text(root)).to.equal('ab12c3');
  });

  it('shows malformed references as their text', () => {
    const source = [
      '[x](t3-context://v1/file/)',
      '[x](t3-context://v1/File/a)',
      '[x](t3-context://v1/file/a b)',
      '[x\ny](t3-context://v1/file/a)',
      '[x](t3-context:/v1/file/a)',
    ].join('\n\n');
    const root = renderMarkdown(source);
    expect(chipsOf(root)).to.have.length(0);
    expectNone(root, 'a');
  });

  it('shows a link whose destination holds a reference as its source, chip included', () => {
    const source = `[docs](https://x.example/${ref('u1')}) after`;
    const root = renderMarkdown(source);
    expectNone(root, 'a');
    expectChipsMatchReferences(root, source);
    expect(text(root)).to.equal('[docs](https://x.example/u1) after');
  });

  it('shows an image whose alt text or source holds a reference as its source, chip included', () => {
    const source = `![see ${ref('alt1')}](https://img.example/a.png) ![x](https://img.example/${ref('src1')})`;
    const root = renderMarkdown(source);
    // The reference takes the image's `![`, so what is left of its destination is a bare URL.
    expectNone(root, 'img, a.image-link');
    expectChipsMatchReferences(root, source);
  });

  it('shows a definition or link title holding a reference as its source', () => {
    const source = `[a](https://x.example "title ${ref('t1')}")\n\n[d]: https://y.example "${ref('t2')}"\n\n[e]: ${ref('t3')}`;
    const root = renderMarkdown(source);
    expectChipsMatchReferences(root, source);
    expectNone(root, 'a');
  });

  it('shows a code block whose info string holds a reference as written', () => {
    const source = `\`\`\`${ref('lang1')}\ncode\n\`\`\``;
    const root = renderMarkdown(source);
    expectChipsMatchReferences(root, source);
    expectNone(root, '[data-language]');
    expect(root.querySelector('pre code')?.textContent).to.contain('code');
  });

  it('keeps private-use characters the user typed as text', () => {
    const source = `\ue000 \ue0000\ue000 \ue001${ref('a')}\ue001 &#xE002;0&#xE002; &#57346;1&#57346; ${ref('b')}`;
    const root = renderMarkdown(source);
    expectChipsMatchReferences(root, source);
    expect(text(root)).to.equal('\ue000 \ue0000\ue000 \ue001a\ue001 \ue0020\ue002 \ue0021\ue002 b');
  });

  it('still places chips when every private-use character is taken', () => {
    let allPrivateUse = '';
    for (let code = 0xe000; code <= 0xf8ff; code++) allPrivateUse += String.fromCharCode(code);
    const source = `${allPrivateUse}\n\n**x** ${ref('a')}`;
    const root = renderMarkdown(source);
    expectChipsMatchReferences(root, source);
    expect(text(root)).to.contain(allPrivateUse).and.contain('**x**');
  });

  it('agrees with collectContextReferences on generated Markdown', () => {
    const pieces = [
      'w1',
      'w2',
      ' ',
      '\n',
      '\n\n',
      '*',
      '_',
      '~',
      '`',
      '#',
      '> ',
      '- ',
      '1. ',
      '[',
      ']',
      '!',
      '|',
      '\\',
      '<b>',
      '&amp;',
      '---',
      '    ',
      ref('g1'),
      ref('g2', 'a*b'),
      '![i](t3-context://v1/image/g3)',
      '](t3-context://v1/file/g4)',
      '(t3-context://v1/file/g5)',
      '[x](https://x.example)',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 40 }), (parts) => {
        const source = parts.join('');
        const root = renderMarkdown(source);
        expectChipsMatchReferences(root, source);
        root.remove();
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});

describe('renderMessageMarkdown: no text is lost', () => {
  const tricky = [
    'alpha *bravo **charlie** delta* echo',
    'foxtrot_golf_hotel and _india_ juliet__',
    '[kilo] [lima][] [mike][undefined] ![november]',
    '[oscar](javascript:papa) [quebec](/romeo)',
    '<sierra tango="uniform">victor</sierra> <!-- whiskey --> <xray',
    '`yankee` ``zulu ` alpha`` bravo`',
    '| charlie | delta |\n|---|---|\n| echo | foxtrot \\| golf |',
    '- hotel\n  1. india\n     > juliet\n\n       kilo',
    '# lima #\n\nmike\n---\nnovember\n===',
    '```\noscar\n```\n\n~~~\npapa\n~~~~\n\n    quebec',
    '> romeo\nsierra lazy\n> > tango',
    '**uniform* victor*** ~whiskey~~ ~~xray~',
    'yankee\\\nzulu  \nalpha \\* bravo \\_ charlie',
    '<https://delta.example/echo> foxtrot@golf.example www.hotel.example/india',
    '![juliet ![kilo](lima)](https://mike.example) [november ![oscar](x)](y)',
    '* [ ] papa\n* [x] quebec\n\n1) romeo\n2) sierra',
    '<div>\ntango\n\nuniform\n</div>\n<script>\nvictor\n</script>',
    '[whiskey]: https://xray.example\n\nyankee [whiskey] zulu',
  ];

  /** Words of the input outside link destinations, definitions and code info strings. */
  function contentWords(source: string): string[] {
    const withoutSyntax = source
      .replace(/\]\([^)]*\)/g, ']')
      .replace(/^\[[^\]]+\]: .*$/gm, '')
      .replace(/^(```|~~~)\S+/gm, '');
    return withoutSyntax.match(/[A-Za-z]{3,}/g) ?? [];
  }

  for (const source of tricky) {
    it(`keeps every word of ${JSON.stringify(source.slice(0, 40))}`, () => {
      const root = renderMarkdown(source);
      const shown = text(root);
      for (const word of contentWords(source)) expect(shown, word).to.contain(word);
    });
  }

  it('keeps every word of generated Markdown', () => {
    const pieces = [
      'w',
      ' ',
      '\n',
      '\n\n',
      '*',
      '**',
      '_',
      '~~',
      '`',
      '# ',
      '> ',
      '- ',
      '1. ',
      '[',
      ']',
      '![',
      '|',
      '\\',
      '<',
      '>',
      '<b>',
      '</b>',
      '<!--',
      '-->',
      '&',
      ';',
      '|---|',
      '    ',
      '- [ ] ',
      '```',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 50 }), (parts) => {
        let counter = 0;
        const source = parts.map((part) => (part === 'w' ? `word${counter++}x` : part)).join('');
        const root = renderMarkdown(source);
        const languages = Array.from(
          root.querySelectorAll<HTMLElement>('code[data-language]'),
          (code) => code.dataset.language,
        );
        const shown = `${text(root)} ${languages.join(' ')}`;
        const lost = (source.match(/word\d+x/g) ?? []).filter((word) => !shown.includes(word));
        // A word right after an opening fence is its info string, which marked keeps whole.
        const infoStrings = source.match(/^ {0,3}```.*$/gm)?.join(' ') ?? '';
        expect(
          lost.filter((word) => !infoStrings.includes(word)),
          source,
        ).to.deep.equal([]);
        root.remove();
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe('renderMessageMarkdown: deep nesting and size', () => {
  function maxDepth(root: Element, selector: string): number {
    let deepest = 0;
    for (const element of Array.from(root.querySelectorAll(selector))) {
      let depth = 0;
      for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
        if (node.matches(selector)) depth++;
      }
      deepest = Math.max(deepest, depth);
    }
    return deepest;
  }

  it('shows 10,000 nested quotes, which marked cannot read, as their text with the chip', () => {
    const source = `${'>'.repeat(10_000)} deepest ${ref('q')}`;
    const root = renderMarkdown(source);
    expect(text(root)).to.contain('deepest');
    expect(text(root).split('>').length - 1 + maxDepth(root, 'blockquote')).to.equal(10_000);
    expect(chipsOf(root)).to.have.length(1);
  });

  it('renders 10,000 quote markers separated by spaces', () => {
    const root = renderMarkdown(`${'> '.repeat(10_000)}deepest`);
    expect(text(root)).to.contain('deepest');
    expect(maxDepth(root, 'blockquote')).to.be.at.most(70);
  });

  it('renders 10,000 nested list markers on one line', () => {
    const root = renderMarkdown(`${'* '.repeat(10_000)}deepest`);
    expect(text(root)).to.contain('deepest');
    expect(maxDepth(root, 'ul')).to.be.at.most(70);
  });

  it('renders a list nested by indentation a thousand levels deep', () => {
    const source = Array.from({ length: 1000 }, (_, level) => `${'  '.repeat(level)}* level${level}`).join('\n');
    const root = renderMarkdown(source);
    expect(maxDepth(root, 'ul')).to.be.at.most(70);
    expect(text(root)).to.contain('level0').and.contain('level500').and.contain('level999');
  });

  it('renders alternating quotes and lists', () => {
    const root = renderMarkdown(`${'> - '.repeat(5000)}deepest`);
    expect(text(root)).to.contain('deepest');
  });

  it('renders 10,000 nested emphasis spans', () => {
    const root = renderMarkdown(`${'*a '.repeat(10_000)}middle${' b*'.repeat(10_000)}`);
    expect(text(root)).to.contain('middle');
    expect(text(root)).not.to.contain('\\');
    expect(maxDepth(root, 'em')).to.be.at.most(70);
  });

  it('reads a message over the Markdown limit as its text, verbatim with its chips, without lexing it', () => {
    const paragraph = `Some **bold** text, \`code\`, a [link](https://x.example) and ${ref('big', 'chip')}.\n\n`;
    const source = paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
    const lexed = countLexing();
    try {
      const root = renderMarkdown(source);
      expect(lexed.calls).to.equal(0);
      expect(root.querySelectorAll('p.plain-text')).to.have.length(1);
      expect(root.querySelector('strong')).to.equal(null);
      expect(chipsOf(root)).to.have.length(collectContextReferences(source).length);
      expect(text(root)).to.contain('Some **bold** text');
    } finally {
      lexed.restore();
    }
  });

  it('reads a message at the limit as Markdown, and one character more as text', () => {
    const at = `**bold** ${'a'.repeat(MARKDOWN_SOURCE_LIMIT - 9)}`;
    expect(at.length).to.equal(MARKDOWN_SOURCE_LIMIT);
    expect(renderMarkdown(at).querySelector('strong')?.textContent).to.equal('bold');
    expect(renderMarkdown(`${at}a`).querySelector('strong')).to.equal(null);
  });

  it('keeps deeply indented code exactly', () => {
    const line = `${' '.repeat(200)}- item > *x*`;
    const root = renderMarkdown(`${line}\n${line}`);
    expect(root.querySelector('pre code')?.textContent).to.equal(`${line.slice(4)}\n${line.slice(4)}`);
  });

  it('keeps a code block near the limit exactly', () => {
    const source = `\`\`\`\n${'let x = a < b && c;\n'.repeat(800)}\`\`\``;
    const root = renderMarkdown(source);
    expect(root.querySelector('pre code')?.textContent?.length).to.equal(800 * 20 - 1);
  });
});

describe('parseMessageMarkdown', () => {
  it('is deterministic and renders the same DOM twice', () => {
    const source = `# t\n\n- ${ref('a')} *x*\n\n| a |\n|---|\n| ${ref('b')} |`;
    expect(JSON.stringify(parseMessageMarkdown(source))).to.equal(JSON.stringify(parseMessageMarkdown(source)));
    const parsed = parseMessageMarkdown(source);
    const first = document.createElement('div');
    const second = document.createElement('div');
    render(renderMessageMarkdown(parsed, domTarget, chip), first);
    render(renderMessageMarkdown(parsed, domTarget, chip), second);
    expect(first.innerHTML.replace(/<!--[^>]*-->/g, '')).to.equal(second.innerHTML.replace(/<!--[^>]*-->/g, ''));
    expect(parsed.occurrences).to.deep.equal(collectContextReferences(source));
  });
});

describe('renderMessageMarkdown: XSS corpus', () => {
  let originalAlert: typeof window.alert;

  before(() => {
    originalAlert = window.alert;
    window.alert = () => {
      window.__xss = true;
    };
  });

  after(() => {
    window.alert = originalAlert;
  });

  it('has at least 50 payloads', () => {
    expect(XSS_PAYLOADS.length).to.be.at.least(50);
  });

  it('renders every payload without any script surface or execution', async () => {
    delete window.__xss;
    for (const payload of XSS_PAYLOADS) {
      for (const source of [payload, `text ${payload} text`, `> ${payload}`, `- ${payload}`, `| ${payload} |\n|---|`]) {
        const root = renderMarkdown(source);
        assertNoScriptSurface(root);
        for (const link of Array.from(root.querySelectorAll('a'))) {
          expect(link.protocol, `${source} → ${link.href}`).to.be.oneOf(['http:', 'https:', 'mailto:']);
        }
        expect(
          root.querySelector('img, script, iframe, object, embed, svg, form, button, input:not([type="checkbox"])'),
          source,
        ).to.be.null;
        expect(chipsOf(root)).to.have.length(collectContextReferences(source).length);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(window.__xss).to.be.undefined;
  });

  it('shows raw HTML payloads as their literal text', () => {
    for (const payload of XSS_PAYLOADS.filter(
      (p) => /^<[a-z]/i.test(p) && !p.includes('\n') && !p.startsWith('<javascript'),
    )) {
      const root = renderMarkdown(payload);
      expect(text(root), payload).to.equal(payload);
    }
  });

  it('detects a script surface when one is present', () => {
    const bad = document.createElement('div');
    const host = document.createElement('div');
    const shadow = host.attachShadow({ mode: 'open' });
    const link = document.createElement('a');
    link.setAttribute('href', ' java\tscript:alert(1)');
    shadow.append(link);
    bad.append(host);
    expect(() => assertNoScriptSurface(bad)).to.throw(/dangerous href/);
    const image = document.createElement('img');
    image.setAttribute('src', 'javascript:alert(1)');
    expect(() => assertNoScriptSurface(image)).to.throw();
    const handler = document.createElement('span');
    handler.setAttribute('onclick', 'alert(1)');
    expect(() => assertNoScriptSurface(handler)).to.throw(/event handler/);
  });
});
