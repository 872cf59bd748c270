import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { collectContextReferences } from '../../src/core/references.js';
import { MARKDOWN_SOURCE_LIMIT } from '../../src/elements/user-message/markdown.js';
import { containers, countLexing, renderMarkdown, chipsOf, expectNone, text, ref } from './markdown-fixtures.js';

afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
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
