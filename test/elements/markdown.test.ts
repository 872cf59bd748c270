import { expect } from '@open-wc/testing';
import { NAMED_ENTITIES } from '../../src/elements/user-message/entity-names.js';
import { useNamedEntities } from '../../src/elements/user-message/markdown.js';
import { assertNoScriptSurface } from './support/xss.js';
import { containers, renderMarkdown, chipsOf, expectNone, text } from './markdown-fixtures.js';

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
