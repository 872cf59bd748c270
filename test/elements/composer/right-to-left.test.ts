import { expect, fixture, html } from '@open-wc/testing';
import type { ContextRecord } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { link, mention, terminal } from '../../../support/records.js';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { centre, part } from '../support/interaction.js';
import { expectCard } from './card-layout.js';
import { caret, chips, clickEditor, composerFixture, content, press, submissions, type, waitFor } from './support.js';

/** Isolate characters (LRI, RLI, FSI, PDI): never in the text that goes on the wire. */
const ISOLATES = /[\u2066-\u2069]/;

async function draft(text: string, records: ContextRecord[] = [terminal]): Promise<T3Composer> {
  const composer = await composerFixture();
  composer.value = { text, records };
  await clickEditor(composer);
  await press('Home');
  return composer;
}

/** Where the caret is after each of `steps` presses of `key`, starting where it is. */
async function walk(composer: T3Composer, key: string, steps: number): Promise<number[]> {
  const seen = [caret(composer)];
  for (let i = 0; i < steps; i++) {
    await press(key);
    seen.push(caret(composer));
  }
  return seen;
}

function expectedWalk(before: string, chipLink: string, after: string): number[] {
  const chipEnd = before.length + chipLink.length;
  const steps = Array.from({ length: before.length + 1 }, (_, i) => i);
  for (let i = 0; i <= after.length; i++) steps.push(chipEnd + i);
  return steps;
}

/** The box of a line's text node, the `index`th among the line's direct text nodes. */
function textBox(line: Element, index: number): DOMRect {
  const node = [...line.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE)[index]!;
  const range = document.createRange();
  range.selectNodeContents(node);
  return range.getBoundingClientRect();
}

const hebrewLabelled: ContextRecord = { ...mention, label: '@בדיקה' };

const cases = [
  { name: 'a Hebrew line with an English chip', before: 'שלום ', chip: link(terminal, 'npm test'), after: ' עולם' },
  { name: 'an Arabic line with an English chip', before: 'مرحبا ', chip: link(terminal, 'npm test'), after: ' بكم' },
];

describe('<t3-composer> right-to-left text with chips', () => {
  for (const { name, before, chip, after } of cases) {
    it(`${name}: the line reads right to left, the chip sits whole between its words`, async () => {
      const composer = await draft(`${before}${chip}${after}`);
      const line = content(composer).querySelector('.cm-line')!;
      expect(getComputedStyle(line).direction).to.equal('rtl');
      const box = chips(composer)[0]!.getBoundingClientRect();
      expect(chips(composer)[0]!.getClientRects()).to.have.length(1);
      expect(textBox(line, 0).left, 'the words before it, on its right').to.be.at.least(box.right - 1);
      expect(textBox(line, 1).right, 'the words after it, on its left').to.be.at.most(box.left + 1);
      expect(getComputedStyle(chips(composer)[0]!).unicodeBidi).to.equal('isolate');
    });

    it(`${name}: ← walks the caret in visual order, over the chip in one step, and → walks back`, async () => {
      const composer = await draft(`${before}${chip}${after}`);
      const forward = expectedWalk(before, chip, after);
      expect(await walk(composer, 'ArrowLeft', forward.length - 1)).to.deep.equal(forward);
      expect(await walk(composer, 'ArrowRight', forward.length - 1)).to.deep.equal([...forward].reverse());
    });
  }

  it('an English line with a Hebrew-labelled chip: the label shows whole, → walks over it in one step', async () => {
    const chip = link(hebrewLabelled);
    const composer = await draft(`see ${chip} now`, [hebrewLabelled]);
    const line = content(composer).querySelector('.cm-line')!;
    expect(getComputedStyle(line).direction).to.equal('ltr');
    const element = chips(composer)[0]!;
    expect(element.shadowRoot!.textContent).to.contain('בדיקה');
    const box = element.getBoundingClientRect();
    expect(textBox(line, 0).right).to.be.at.most(box.left + 1);
    expect(textBox(line, 1).left).to.be.at.least(box.right - 1);
    const forward = expectedWalk('see ', chip, ' now');
    expect(await walk(composer, 'ArrowRight', forward.length - 1)).to.deep.equal(forward);
    expect(await walk(composer, 'ArrowLeft', forward.length - 1)).to.deep.equal([...forward].reverse());
  });

  it('Shift+← selects across a chip in a Hebrew line as one character', async () => {
    const chip = link(terminal, 'npm test');
    const composer = await draft(`אב${chip}גד`);
    await press('ArrowLeft', 2);
    await press('Shift+ArrowLeft');
    const { state } = (composer as unknown as { session: { view: { state: import('@codemirror/state').EditorState } } })
      .session.view;
    expect([state.selection.main.anchor, state.selection.main.head]).to.deep.equal([2, 2 + chip.length]);
  });

  it('each line takes its own direction from its first strong character', async () => {
    const composer = await draft(`שלום ${link(terminal)}\nhello ${link(terminal)}\n\n${link(terminal)} مرحبا`);
    const lines = [...content(composer).querySelectorAll('.cm-line')].map((line) => getComputedStyle(line).direction);
    expect(lines).to.deep.equal(['rtl', 'ltr', 'ltr', 'rtl']);
  });

  it('the text that goes on the wire has no isolate characters', async () => {
    const composer = await draft(`שלום ${link(terminal, 'npm test')} עולם`);
    const sent = submissions(composer);
    await press('End');
    await press('Enter');
    const [detail] = sent;
    expect(detail!.text).to.equal(`שלום ${link(terminal, 'npm test')} עולם`);
    for (const text of [detail!.text, detail!.prompt, JSON.stringify(detail!.inputAnnotations ?? [])])
      expect(ISOLATES.test(text)).to.be.false;
  });
});

describe('<t3-composer> menus and details follow the line’s direction', () => {
  const people: MentionProvider = {
    id: 'people',
    label: 'People',
    search: () =>
      ['Ada', 'Grace'].map((name) => ({
        id: name,
        label: name,
        record: { ...mention, contextId: `m_${name}`, label: `@${name}`, path: name },
      })),
  };

  async function openMenuAfter(text: string): Promise<{ composer: T3Composer; menu: HTMLElement }> {
    const composer = await composerFixture(
      html`<t3-composer label="Message" style="inline-size: 600px"></t3-composer>`,
    );
    composer.providers = [people];
    await clickEditor(composer);
    await type(text);
    await type('@');
    const menu = () => part(composer, 'menu');
    await waitFor(() => (menu()?.querySelectorAll('[role="option"]').length ?? 0) > 0, 'the menu');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    return { composer, menu: menu()! };
  }

  function triggerBox(composer: T3Composer): DOMRect {
    const line = content(composer).querySelector('.cm-line')!;
    const text = [...line.childNodes].find((node) => node.textContent!.includes('@'))!;
    const range = document.createRange();
    const at = text.textContent!.indexOf('@');
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    return range.getBoundingClientRect();
  }

  it('a menu opened on a Hebrew line reads right to left from the trigger’s right edge', async () => {
    const { composer, menu } = await openMenuAfter('שאל את ');
    expect(getComputedStyle(menu).direction).to.equal('rtl');
    expect(Math.abs(menu.getBoundingClientRect().right - triggerBox(composer).right)).to.be.below(2);
  });

  it('a menu opened on an English line reads left to right from the trigger’s left edge', async () => {
    const { composer, menu } = await openMenuAfter('ask ');
    expect(getComputedStyle(menu).direction).to.equal('ltr');
    expect(Math.abs(menu.getBoundingClientRect().left - triggerBox(composer).left)).to.be.below(2);
  });

  it('a chip’s details on an Arabic line align to the chip’s right edge', async () => {
    const composer = await draft(`مرحبا ${link(terminal, 'npm test')} بكم`);
    const chip = chips(composer)[0]!;
    await sendMouse({ type: 'move', position: centre(part(chip, 'base')!) });
    const details = () => part(chip, 'details');
    await waitFor(() => !!details()?.matches(':popover-open'), 'the details');
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(getComputedStyle(chip).direction).to.equal('rtl');
    const base = part(chip, 'base')!.getBoundingClientRect();
    expect(Math.abs(details()!.getBoundingClientRect().right - base.right)).to.be.below(2);
    await sendMouse({ type: 'move', position: [0, 0] });
  });
});

describe('<t3-composer dir="rtl"> the card mirrors', () => {
  afterEach(() => executeServerCommand('emulate-media-features', { features: [] }));

  async function rightToLeft(): Promise<T3Composer> {
    const page = await fixture<HTMLElement>(html`<div dir="rtl">
      <t3-composer label="הודעה" placeholder="שאל על הקוד"
        ><button slot="start" type="button">צרף</button></t3-composer
      >
    </div>`);
    const composer = page.querySelector<T3Composer>('t3-composer')!;
    composer.value = { text: `שלום ${link(terminal, 'npm test')} עולם`, records: [terminal] };
    await composer.updateComplete;
    return composer;
  }

  it('its tools start on the right beneath the editor, the send button on the left', async () => {
    const composer = await rightToLeft();
    expect(getComputedStyle(composer).direction).to.equal('rtl');
    expectCard(composer, [composer.querySelector('button')!, part(composer, 'send-button')!]);
  });

  it('for a finger, a chip’s 44px Remove sits at the chip’s left end, inside it', async () => {
    await executeServerCommand('emulate-media-features', { features: [{ name: 'pointer', value: 'coarse' }] });
    const composer = await rightToLeft();
    const chip = part(chips(composer)[0]!, 'base')!.getBoundingClientRect();
    const remove = part(chips(composer)[0]!, 'remove-button')!.getBoundingClientRect();
    expect(remove.width).to.be.at.least(44);
    expect(remove.left, 'at the left end').to.be.closeTo(chip.left + 1, 1);
    expect(remove.right, 'inside the chip').to.be.at.most(chip.right);
  });
});

describe('<t3-user-message> right-to-left text with chips', () => {
  it('each paragraph of Markdown takes its own direction, and chips are isolated', async () => {
    const text = `שלום ${link(terminal, 'npm test')} עולם\n\nsee ${link(hebrewLabelled)} now\n\n- מה ${link(terminal, 'x')}`;
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message .text=${text} .context=${[terminal, hebrewLabelled]}></t3-user-message>`,
    );
    await message.updateComplete;
    const blocks = [...message.querySelectorAll('p, ul'), ...message.shadowRoot!.querySelectorAll('p, ul')];
    expect(blocks.map((block) => getComputedStyle(block).direction)).to.deep.equal(['rtl', 'ltr', 'rtl']);
    const chipsShown = [
      ...message.querySelectorAll('t3-context-chip'),
      ...message.shadowRoot!.querySelectorAll('t3-context-chip'),
    ];
    expect(chipsShown).to.have.length(3);
    for (const chip of chipsShown) expect(getComputedStyle(chip).unicodeBidi).to.equal('isolate');
    const first = blocks[0]!;
    const chipBox = chipsShown[0]!.getBoundingClientRect();
    const words = document.createRange();
    words.selectNodeContents(first.firstChild!);
    expect(words.getBoundingClientRect().left, 'the Hebrew words before it, on its right').to.be.at.least(
      chipBox.right - 1,
    );
  });

  it('plain annotation-driven text takes its direction per line', async () => {
    const content = 'שלום עולם\nhello world';
    const message = await fixture<T3UserMessage>(html`<t3-user-message .content=${content}></t3-user-message>`);
    await message.updateComplete;
    const body = message.shadowRoot!.querySelector('.body')!;
    expect(getComputedStyle(body).unicodeBidi).to.equal('plaintext');
    const range = document.createRange();
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    let node = walker.nextNode()!;
    while (!node.textContent!.includes('hello')) node = walker.nextNode()!;
    range.setStart(node, 0);
    range.setEnd(node, 4);
    const hebrew = range.getBoundingClientRect();
    range.setStart(node, content.indexOf('hello'));
    range.setEnd(node, content.indexOf('hello') + 5);
    const english = range.getBoundingClientRect();
    expect(hebrew.right, 'the Hebrew line starts on the right').to.be.greaterThan(english.right + 20);
  });
});
