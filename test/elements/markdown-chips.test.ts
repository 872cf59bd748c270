import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { render } from 'lit';
import { collectContextReferences } from '../../src/core/references.js';
import { parseMessageMarkdown, renderMessageMarkdown } from '../../src/elements/user-message/markdown.js';
import { domTarget } from '../../src/elements/user-message/body-target.js';
import { assertNoScriptSurface, XSS_PAYLOADS } from './support/xss.js';
import {
  chip,
  containers,
  renderMarkdown,
  chipsOf,
  expectChipsMatchReferences,
  expectNone,
  text,
  ref,
} from './markdown-fixtures.js';

afterEach(() => {
  for (const container of containers.splice(0)) container.remove();
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
