import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import { markdownLexer } from '../../src/elements/user-message/markdown-lexer.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { file, link, mention, terminal } from '../../support/records.js';
import { part as findPart, waitFor } from './support/interaction.js';

function part(host: Element, name: string): HTMLElement {
  return findPart(host, name)!;
}

function chips(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
}

async function settle(message: T3UserMessage) {
  await message.updateComplete;
  await Promise.all(chips(message).map((chip) => chip.updateComplete));
}

describe('<t3-user-message> theming', () => {
  it('takes --t3-* tokens set on an ancestor, for the bubble and for the chips inside it', async () => {
    const wrapper = await fixture<HTMLElement>(html`<div
      style="--t3-chip-background: rgb(1, 2, 3); --t3-message-background: rgb(4, 5, 6); --t3-chip-radius: 3px"
    >
      <t3-user-message .text=${`See ${link(file)}`} .context=${{ version: 1, records: [file] }}></t3-user-message>
    </div>`);
    const message = wrapper.querySelector('t3-user-message')!;
    await settle(message);
    const [chip] = chips(message);
    expect(getComputedStyle(part(message, 'base')).backgroundColor).to.equal('rgb(4, 5, 6)');
    expect(getComputedStyle(part(chip!, 'base')).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(part(chip!, 'base')).borderTopLeftRadius).to.equal('3px');
  });

  it('keeps its light defaults when no token is set', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${`See ${link(file)}`} .context=${{ version: 1, records: [file] }}></t3-user-message>`,
    );
    await settle(message);
    expect(getComputedStyle(part(message, 'base')).backgroundColor).to.equal('rgb(243, 245, 248)');
    expect(getComputedStyle(part(chips(message)[0]!, 'base')).backgroundColor).to.equal('rgb(238, 242, 247)');
  });

  it('exposes the chips of its text as parts a page can style', async () => {
    const style = document.createElement('style');
    style.textContent =
      't3-user-message.themed::part(chip) { outline: 3px solid rgb(9, 8, 7); } t3-user-message.themed::part(chip-label) { color: rgb(7, 8, 9); }';
    document.head.append(style);
    try {
      const message = await fixture<T3UserMessage>(
        html`<t3-user-message class="themed" .text=${`See ${link(file)}`} .context=${{ version: 1, records: [file] }}></t3-user-message>`,
      );
      await settle(message);
      const [chip] = chips(message);
      expect(getComputedStyle(part(chip!, 'base')).outlineColor).to.equal('rgb(9, 8, 7)');
      expect(getComputedStyle(part(chip!, 'label')).color).to.equal('rgb(7, 8, 9)');
    } finally {
      style.remove();
    }
  });
});

describe('<t3-user-message> right to left', () => {
  it('mirrors its layout with logical properties and keeps code and paths left to right', async () => {
    const text = `شرح ${link(mention)}\n\n- بند\n\n> اقتباس\n\n\`\`\`\nconst a = 1;\n\`\`\``;
    const wrapper = await fixture<HTMLElement>(html`<div dir="rtl" style="width: 480px">
      <t3-user-message .text=${text} .context=${{ version: 1, records: [mention] }}></t3-user-message>
    </div>`);
    const message = wrapper.querySelector('t3-user-message')!;
    await settle(message);
    const bubble = part(message, 'base').getBoundingClientRect();
    const copy = part(message, 'copy').getBoundingClientRect();
    expect(copy.left - bubble.left, 'the copy control sits at the inline end, on the left').to.be.lessThan(
      bubble.right - copy.right,
    );
    const root = part(message, 'body');
    expect(getComputedStyle(root.querySelector('ul')!).paddingRight).to.not.equal('0px');
    expect(getComputedStyle(root.querySelector('ul')!).paddingLeft).to.equal('0px');
    expect(getComputedStyle(root.querySelector('blockquote')!).borderRightWidth).to.equal('3px');
    expect(getComputedStyle(root.querySelector('pre')!).direction).to.equal('ltr');
    const label = part(chips(message)[0]!, 'label');
    expect(getComputedStyle(label).unicodeBidi, 'a path label keeps its own direction').to.equal('plaintext');
  });

  it('keeps the code of a chip popover left to right', async () => {
    const wrapper = await fixture<HTMLElement>(html`<div dir="rtl">
      <t3-user-message .text=${`انظر ${link(terminal)}`} .context=${{ version: 1, records: [terminal] }}></t3-user-message>
    </div>`);
    const message = wrapper.querySelector('t3-user-message')!;
    await settle(message);
    const chip = chips(message)[0]!;
    const base = part(chip, 'base').getBoundingClientRect();
    await sendMouse({
      type: 'move',
      position: [Math.round(base.left + base.width / 2), Math.round(base.top + base.height / 2)],
    });
    await chip.updateComplete;
    const details = part(chip, 'details');
    await waitFor(() => details.matches(':popover-open'), 'the popover to open');
    expect(getComputedStyle(details).direction).to.equal('rtl');
    expect(getComputedStyle(details.querySelector('pre')!).direction).to.equal('ltr');
    await sendMouse({ type: 'move', position: [0, 0] });
  });
});

describe('<t3-user-message> long content', () => {
  it('never overflows a narrow bubble: labels truncate, unbroken strings wrap or scroll inside their block', async () => {
    const unbroken = 'x'.repeat(400);
    const text = [
      `${link(file, 'L'.repeat(300))} ${unbroken}`,
      `https://example.com/${unbroken} \`${unbroken}\` **${unbroken}**`,
      `| a | b |\n|---|---|\n| ${unbroken} | 2 |`,
      `\`\`\`\n${unbroken}\n\`\`\``,
      `> ${unbroken}`,
    ].join('\n\n');
    const wideImage = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"/>')}`;
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      style="width: 160px"
      .text=${text}
      .context=${{ version: 1, records: [file] }}
      .images=${[{ name: 'wide', mimeType: 'image/svg+xml', src: wideImage }]}
      .files=${[{ name: `${'n'.repeat(200)}.txt`, mimeType: 'text/plain', sizeBytes: 3 }]}
    ></t3-user-message>`);
    await settle(message);
    const image = part(message, 'image') as HTMLImageElement;
    image.scrollIntoView(); // gallery images load lazily
    await waitFor(() => image.complete && image.naturalWidth > 0, 'the image to load');
    const bubble = part(message, 'base');
    const edge = bubble.getBoundingClientRect();
    expect(bubble.scrollWidth).to.be.at.most(bubble.clientWidth);
    const scrollers = [...bubble.querySelectorAll('pre, table')];
    for (const element of bubble.querySelectorAll('*')) {
      if (scrollers.some((scroller) => scroller !== element && scroller.contains(element))) continue;
      const rect = element.getBoundingClientRect();
      expect(
        rect.right,
        `<${element.localName} class="${element.getAttribute('class') ?? ''}"> overflows`,
      ).to.be.at.most(edge.right + 0.5);
    }
    const label = part(chips(message)[0]!, 'label');
    expect(label.scrollWidth).to.be.greaterThan(label.clientWidth);
  });
});

describe('<t3-user-message> 1,000 messages', () => {
  it('re-renders unchanged input with no Markdown work and no DOM change', async () => {
    const originalLex = markdownLexer.lex;
    let lexCalls = 0;
    markdownLexer.lex = ((...args: Parameters<typeof markdownLexer.lex>) => {
      lexCalls++;
      return originalLex.apply(markdownLexer, args);
    }) as typeof markdownLexer.lex;
    const container = document.createElement('div');
    document.body.append(container);
    try {
      const context = { version: 1 as const, records: [terminal, file] };
      const messages = Array.from({ length: 1000 }, (_, index) => {
        const message = document.createElement('t3-user-message');
        message.text = `Message ${index}: **bold** ${link(terminal)} and ${link(file)}\n\n- item`;
        message.context = context;
        container.append(message);
        return message;
      });
      await Promise.all(messages.map((message) => message.updateComplete));
      expect(lexCalls).to.equal(1000);

      let mutations = 0;
      const observer = new MutationObserver((records) => (mutations += records.length));
      for (const message of messages)
        observer.observe(part(message, 'body'), {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      for (const message of messages) {
        message.text = `${message.text!}`;
        message.context = context;
        message.images = [];
        message.requestUpdate();
      }
      await Promise.all(messages.map((message) => message.updateComplete));
      await new Promise((resolve) => setTimeout(resolve, 0));
      observer.disconnect();
      expect(lexCalls).to.equal(1000);
      expect(mutations).to.equal(0);
    } finally {
      markdownLexer.lex = originalLex;
      container.remove();
    }
  });
});

describe('<t3-user-message> copy control', () => {
  for (const [name, dir] of [
    ['left-to-right', 'ltr'],
    ['right-to-left', 'rtl'],
  ] as const) {
    it(`never covers the text of the first line (${name})`, async () => {
      // One long word, broken anywhere, fills each line to its very end.
      const words = 'x'.repeat(400);
      for (const [mode, template] of [
        ['records', html`<t3-user-message dir=${dir} style="inline-size: 320px" .text=${words}></t3-user-message>`],
        [
          'annotations',
          html`<t3-user-message dir=${dir} style="inline-size: 320px" .content=${words} .annotations=${[]}></t3-user-message>`,
        ],
      ] as const) {
        const message = await fixture<T3UserMessage>(template);
        await settle(message);
        const copy = part(message, 'copy');
        await sendMouse({
          type: 'move',
          position: [
            Math.round(copy.getBoundingClientRect().left + 2),
            Math.round(copy.getBoundingClientRect().top + 2),
          ],
        });
        await waitFor(() => getComputedStyle(copy).opacity === '1', 'the copy control to show');
        const button = copy.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(part(message, 'body'));
        const overlapping = [...range.getClientRects()].filter(
          (rect) =>
            rect.width > 0 &&
            rect.left < button.right &&
            rect.right > button.left &&
            rect.top < button.bottom &&
            rect.bottom > button.top,
        );
        expect(overlapping, `${mode}: text boxes under the copy control`).to.deep.equal([]);
      }
    });
  }
});

describe('<t3-user-message> as a bubble sized to its text', () => {
  for (const format of ['markdown', 'text'] as const) {
    it(`a short message stays on one line beside the copy control's room (${format})`, async () => {
      const root =
        await fixture<HTMLElement>(html`<div style="display: flex; flex-direction: column; inline-size: 600px">
        <t3-user-message style="align-self: flex-end; max-inline-size: 85%" format=${format} .text=${'x'}></t3-user-message>
        <t3-user-message style="align-self: flex-end; max-inline-size: 85%" format=${format} .text=${'Hello there, a short one'}></t3-user-message>
      </div>`);
      for (const message of root.querySelectorAll<T3UserMessage>('t3-user-message')) {
        await settle(message);
        const range = document.createRange();
        range.selectNodeContents(part(message, 'body'));
        const lines = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
        );
        expect(lines.size, `${message.text}: lines`).to.equal(1);
      }
    });
  }
});
