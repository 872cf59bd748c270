import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import '../../../src/define.js';
import { CONTEXT_CLIPBOARD_MIME, type ContextRecord, type ThreadContextRecord } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { link, terminal, thread } from '../../../support/records.js';
import { fetched } from '../support/fetched.js';
import { centre, chips, composerFixture, content, press, waitFor } from './support.js';

/**
 * Real drag and drop in Chromium: the page's own drags through `Input.setInterceptDrags` and drops
 * through `Input.dispatchDragEvent` (test/elements/support/drag-commands-plugin.mjs), so each
 * `dragstart`, `DataTransfer` and `drop` is the browser's.
 */
type Point = [number, number];

const dragStart = async (from: Point, to: Point) =>
  (await executeServerCommand('drag-start', { from, to })) as string[];
const dragMove = (to: Point) => executeServerCommand('drag-move', { to });
const dragEnd = (at: Point, cancel = false) => executeServerCommand('drag-end', { at, cancel });

interface OutsideDrag {
  items?: { mimeType: string; data: string }[];
  files?: { name: string; content: string }[];
  folders?: { name: string; files?: { name: string; content: string }[] }[];
}
const dropFromOutside = (to: Point, drag: OutsideDrag) => executeServerCommand('drag-from-outside', { to, ...drag });

const THREAD_TYPE = 'application/x-demo-thread';

/** The viewport point just after `word` in the draft's text. */
function pointAfter(composer: T3Composer, word: string): Point {
  const walker = document.createTreeWalker(content(composer), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = (node as Text).data.indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at + word.length - 1);
    range.setEnd(node, at + word.length);
    const rect = range.getBoundingClientRect();
    return [Math.round(rect.right), Math.round(rect.top + rect.height / 2)];
  }
  throw new Error(`no “${word}” in the draft`);
}

function threadRecord(threadId: string, title: string): ThreadContextRecord {
  return { ...thread, contextId: `thread-${threadId}`, label: title, threadId, title };
}

/** A host's sidebar item, dragged with its own type (and plain text for other targets). */
async function hostItem(
  threadId: string,
  title: string,
  allowed?: DataTransfer['effectAllowed'],
): Promise<HTMLElement> {
  const item = await fixture<HTMLElement>(html`<div draggable="true" style="padding:8px;width:160px">${title}</div>`);
  item.addEventListener('dragstart', (event) => {
    event.dataTransfer!.setData(THREAD_TYPE, JSON.stringify({ threadId, title }));
    event.dataTransfer!.setData('text/plain', title);
    if (allowed) event.dataTransfer!.effectAllowed = allowed;
  });
  return item;
}

function threadResolver(data: DataTransfer): ContextRecord[] | null {
  const raw = data.getData(THREAD_TYPE);
  if (!raw) return null;
  const { threadId, title } = JSON.parse(raw) as { threadId: string; title: string };
  return [threadRecord(threadId, title)];
}

async function twoPieces(): Promise<{ composer: T3Composer; item: HTMLElement }> {
  const composer = await composerFixture();
  composer.value = { text: 'compare with that one please', records: [] };
  const item = await hostItem('t-9', 'Release checklist');
  return { composer, item };
}

function notice(composer: T3Composer): string {
  return composer.shadowRoot!.querySelector('[part~="notice"]')?.textContent?.trim() ?? '';
}

describe('<t3-composer> drops: chips with their records', () => {
  it('a chip dragged from a sent message keeps its record, at the drop point', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <t3-user-message .text=${`See ${link(terminal)}`} .context=${{ version: 1, records: [terminal] }}>
        </t3-user-message>
        <t3-composer label="Message" style="margin-top:48px"></t3-composer>
      </div>`,
    );
    const message = page.querySelector('t3-user-message')!;
    const composer = page.querySelector('t3-composer')!;
    await message.updateComplete;
    await composer.updateComplete;
    composer.value = { text: 'before after', records: [] };
    const chip = message.shadowRoot!.querySelector('t3-context-chip')!;
    await waitFor(() => chip.getBoundingClientRect().width > 0, 'the message chip');
    // The pointer reaches the chip before it presses, which loads the message's copy and drag code.
    await sendMouse({ type: 'move', position: centre(chip) });
    await waitFor(() => fetched(/\/user-message\/message-copy\.(?:ts|js)\b/), 'the copy code');
    // Fetched is not yet run: the same module, imported here, has run once this resolves.
    await import('../../../src/elements/user-message/message-copy.js');

    const types = await dragStart(centre(chip), pointAfter(composer, 'before'));
    expect(types).to.include(CONTEXT_CLIPBOARD_MIME);
    await dragEnd(pointAfter(composer, 'before'));

    await waitFor(() => chips(composer).length === 1, 'the dropped chip');
    expect(composer.value.records).to.deep.equal([terminal]);
    expect(composer.value.text).to.equal(`before ${link(terminal)} after`);
    expect(chips(composer)[0]!.hasAttribute('unresolved')).to.be.false;
  });

  it('chips dragged from another composer keep their records', async () => {
    const source = await composerFixture();
    source.value = { text: `take ${link(terminal)} along`, records: [terminal] };
    const target = await composerFixture();
    target.value = { text: 'here', records: [] };
    source.focus();
    await press('Control+a');
    await dragStart(centre(chips(source)[0]!), pointAfter(target, 'here'));
    await dragEnd(pointAfter(target, 'here'));

    await waitFor(() => chips(target).length === 1, 'the dropped chip');
    expect(target.value.records).to.deep.equal([terminal]);
    expect(target.value.text).to.equal(`here take ${link(terminal)} along `);
    expect(source.value.text, 'a drag to another composer copies').to.equal(`take ${link(terminal)} along`);
  });
});

describe('<t3-composer> drops: dropResolver', () => {
  it("turns a host's drag type into chips at the drop point", async () => {
    const { composer, item } = await twoPieces();
    composer.dropResolver = threadResolver;
    await dragStart(centre(item), pointAfter(composer, 'that'));
    await dragEnd(pointAfter(composer, 'that'));

    await waitFor(() => chips(composer).length === 1, 'the thread chip');
    const record = threadRecord('t-9', 'Release checklist');
    expect(composer.value.records).to.deep.equal([record]);
    expect(composer.value.text).to.equal(`compare with that ${link(record)} one please`);
    expect(chips(composer)[0]!.kind).to.equal('thread');
  });

  it('takes an item whose drag allows only a move (a sortable list)', async () => {
    const composer = await composerFixture();
    composer.value = { text: 'compare with that one please', records: [] };
    const item = await hostItem('t-3', 'Sorted', 'move');
    composer.dropResolver = threadResolver;
    await dragStart(centre(item), pointAfter(composer, 'that'));
    await dragEnd(pointAfter(composer, 'that'));
    await waitFor(() => chips(composer).length === 1, 'the thread chip');
    expect(composer.value.records).to.deep.equal([threadRecord('t-3', 'Sorted')]);
  });

  it('an answer that comes later lands where the drop was, after what was typed meanwhile', async () => {
    const { composer, item } = await twoPieces();
    let answer!: (records: ContextRecord[] | null) => void;
    let asked: DataTransfer | undefined;
    let read = '';
    composer.dropResolver = (data) => {
      asked = data;
      read = data.getData(THREAD_TYPE);
      return new Promise((resolve) => (answer = resolve));
    };
    await dragStart(centre(item), pointAfter(composer, 'that'));
    await dragEnd(pointAfter(composer, 'that'));
    await waitFor(() => asked !== undefined, 'the resolver');
    expect(JSON.parse(read)).to.deep.equal({ threadId: 't-9', title: 'Release checklist' });

    composer.focus();
    await press('Home');
    await press('X');
    const record = threadRecord('t-9', 'Release checklist');
    answer([record]);
    await waitFor(() => chips(composer).length === 1, 'the thread chip');
    expect(composer.value.text).to.equal(`Xcompare with that ${link(record)} one please`);
  });

  it('an answer that comes after the draft was replaced (a thread switch) lands nowhere', async () => {
    const { composer, item } = await twoPieces();
    let answer!: (records: ContextRecord[] | null) => void;
    composer.dropResolver = () => new Promise((resolve) => (answer = resolve));
    await dragStart(centre(item), pointAfter(composer, 'that'));
    await dragEnd(pointAfter(composer, 'that'));
    await waitFor(() => answer !== undefined, 'the resolver');

    composer.value = { text: 'another thread', records: [] };
    answer([threadRecord('t-9', 'Release checklist')]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await composer.updateComplete;
    expect(chips(composer)).to.have.length(0);
    expect(composer.value).to.deep.equal({ text: 'another thread', records: [] });
  });

  it('one Ctrl+Z takes the whole drop back', async () => {
    const { composer, item } = await twoPieces();
    composer.dropResolver = (data) =>
      threadResolver(data) && [threadRecord('t-1', 'First'), threadRecord('t-2', 'Second')];
    await dragStart(centre(item), pointAfter(composer, 'that'));
    await dragEnd(pointAfter(composer, 'that'));
    await waitFor(() => chips(composer).length === 2, 'two chips');

    await press('Control+z');
    expect(composer.value).to.deep.equal({ text: 'compare with that one please', records: [] });
    await press('Control+Shift+z');
    expect(chips(composer).map((chip) => chip.label)).to.deep.equal(['First', 'Second']);
  });

  it('a resolver that throws costs no text: the drop is taken as without one, with a notice', async () => {
    const { composer, item } = await twoPieces();
    composer.dropResolver = () => {
      throw new Error('sidebar gone');
    };
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await dragStart(centre(item), pointAfter(composer, 'that'));
      await dragEnd(pointAfter(composer, 'that'));
      await waitFor(() => composer.value.text.includes('Release checklist'), 'the dropped text');
    } finally {
      console.error = consoleError;
    }
    expect(composer.value.text).to.match(/^compare with that ?Release checklist ?one please$/);
    expect(notice(composer)).to.include('could not be read');
    expect(errors).to.have.length(1);
  });

  it('a resolver that rejects later still inserts what was dropped, at the drop point', async () => {
    const { composer, item } = await twoPieces();
    let fail!: () => void;
    composer.dropResolver = () => new Promise((_resolve, reject) => (fail = () => reject(new Error('offline'))));
    const consoleError = console.error;
    console.error = () => undefined;
    try {
      await dragStart(centre(item), pointAfter(composer, 'that'));
      await dragEnd(pointAfter(composer, 'that'));
      await waitFor(() => fail !== undefined, 'the resolver');
      fail();
      await waitFor(() => composer.value.text.includes('Release checklist'), 'the dropped text');
    } finally {
      console.error = consoleError;
    }
    expect(composer.value.text).to.equal('compare with that Release checklist one please');
    expect(notice(composer)).to.include('could not be read');
  });
});

describe('<t3-composer> drops: files and folders', () => {
  it('dropped files still attach, beside a resolver that leaves them alone', async () => {
    const composer = await composerFixture();
    composer.value = { text: 'see', records: [] };
    let asked = 0;
    composer.dropResolver = (data) => (asked++, threadResolver(data));
    await dropFromOutside(pointAfter(composer, 'see'), { files: [{ name: 'notes.txt', content: 'hello' }] });

    await waitFor(() => chips(composer).length === 1, 'the file chip');
    expect(asked).to.equal(1);
    const [record] = composer.value.records;
    expect(record).to.deep.include({ kind: 'file', name: 'notes.txt', sizeBytes: 5 });
    expect(composer.draft.attachments?.map((attachment) => attachment.file.name)).to.deep.equal(['notes.txt']);
  });

  it('a dropped folder becomes a mention of its name', async () => {
    const composer = await composerFixture();
    composer.value = { text: 'look in', records: [] };
    await dropFromOutside(pointAfter(composer, 'in'), {
      folders: [{ name: 'src', files: [{ name: 'a.ts', content: 'x' }] }],
      files: [{ name: 'b.txt', content: 'y' }],
    });

    await waitFor(() => chips(composer).length === 2, 'the chips');
    const [folder, file] = composer.value.records;
    expect(folder).to.deep.include({ kind: 'mention', path: 'src/', label: 'src/' });
    expect(file).to.deep.include({ kind: 'file', name: 'b.txt' });
    await press('Control+z');
    expect(composer.value.text, 'one undo step').to.equal('look in');
  });
});

describe('<t3-composer> drops: while dragging', () => {
  it('shows the drop point, and a cancelled drag (Escape) leaves the draft as it was', async () => {
    const { composer, item } = await twoPieces();
    composer.dropResolver = threadResolver;
    const cursor = () => composer.shadowRoot!.querySelector<HTMLElement>('.cm-dropCursor');
    await dragStart(centre(item), pointAfter(composer, 'that'));
    await waitFor(() => !!cursor(), 'the drop cursor');
    const [x] = pointAfter(composer, 'that');
    await waitFor(() => Math.abs(cursor()!.getBoundingClientRect().left - x) < 3, 'the cursor at the point');

    await dragMove(pointAfter(composer, 'compare'));
    await waitFor(() => Math.abs(cursor()!.getBoundingClientRect().left - x) > 20, 'the cursor following');

    // Chromium cancels a drag on Escape; the protocol's dragCancel is that cancel.
    await dragEnd(pointAfter(composer, 'compare'), true);
    await waitFor(() => !cursor(), 'the drop cursor gone');
    expect(composer.value).to.deep.equal({ text: 'compare with that one please', records: [] });
  });
});
