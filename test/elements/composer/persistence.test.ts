import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { DraftStorage, StoredDrafts, T3Composer } from '../../../src/composer.js';
import { fitToBudget } from '../../../src/elements/composer/saved-drafts/draft-storage.js';
import { indexedDbDraftStorage } from '../../../src/elements/composer/saved-drafts/indexed-db-drafts.js';
import { link, terminal } from '../../../support/records.js';
import {
  chips,
  clickEditor,
  composerFixture,
  pngFile,
  press,
  thumbnails,
  type,
  waitFor,
  memoryStorage,
} from './support.js';

const uniqueKey = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;
const notice = (composer: HTMLElement) => composer.shadowRoot!.querySelector('[part~="notice"]')?.textContent ?? '';

/** Runs `run` with `console.warn` collected instead of printed. */
async function collectingWarnings(run: (warnings: unknown[][]) => Promise<void>): Promise<void> {
  const warnings: unknown[][] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args);
  try {
    await run(warnings);
  } finally {
    console.warn = warn;
  }
}

async function mount(key: string, storage?: DraftStorage): Promise<T3Composer> {
  const composer = await composerFixture(html`<t3-composer label="m" draft-key=${key}></t3-composer>`);
  if (storage) composer.draftStorage = storage;
  return composer;
}

describe('<t3-composer> draft persistence', () => {
  // First in the file: Chromium applies a quota override only to an origin whose storage this
  // browser has not opened yet, and no element test before this file opens IndexedDB.
  it('a real quota exceeded in IndexedDB shows the notice and keeps the draft', async () => {
    await executeServerCommand('override-storage-quota', { quotaSize: 1024 });
    try {
      // Its own database, opened under the small quota (a connection opened before keeps the quota it saw).
      const composer = await mount(uniqueKey('quota'), indexedDbDraftStorage(uniqueKey('t3-composer-quota')));
      await clickEditor(composer);
      await type('big ');
      composer.attachFiles([new File([new Uint8Array(512 * 1024).fill(7)], 'big.bin')]);
      await waitFor(() => notice(composer).includes('cannot be saved'), 'the quota notice', 5000);
      expect(composer.draft.attachments[0]!.file.size).to.equal(512 * 1024);
      expect(chips(composer)).to.have.length(1);
    } finally {
      await executeServerCommand('override-storage-quota', {});
    }
  });

  it('keeps the draft in IndexedDB: a new composer on the key gets it back with its chips and the image bytes', async () => {
    const key = uniqueKey('idb');
    const first = await mount(key);
    await clickEditor(first);
    await type('look ');
    first.insertContext(terminal);
    const png = pngFile();
    first.attachFiles([png]);
    first.stash();
    await type('and this ');
    first.insertContext(terminal);
    first.attachFiles([png]);
    // Leaving the document saves at once.
    first.remove();
    const second = document.createElement('t3-composer');
    second.draftKey = key;
    const restored = oneEvent(second, 't3-draft-restore');
    await fixture(html`<div></div>`).then((parent) => parent.append(second));
    const { detail } = await restored;
    expect(detail.key).to.equal(key);
    await second.updateComplete;
    expect(second.value.text.startsWith(`and this ${link(terminal)}`)).to.be.true;
    expect(chips(second)).to.have.length(2);
    expect(thumbnails(second)).to.have.length(1);
    const bytes = new Uint8Array(await second.draft.attachments[0]!.file.arrayBuffer());
    expect(bytes).to.deep.equal(new Uint8Array(await png.arrayBuffer()));
    expect(second.stashes).to.have.length(1);
    expect(second.stashes[0]!.draft.attachments[0]!.file.size).to.equal(png.size);
  });

  it('saves after a change without waiting for the page to go, and a sent draft leaves the store empty', async () => {
    const storage = memoryStorage();
    const key = uniqueKey('mem');
    const composer = await mount(key, storage);
    await clickEditor(composer);
    await type('hello');
    await waitFor(() => storage.saved.get(key)?.draft.text === 'hello', 'the debounced save');
    expect(storage.saved.get(key)!.changedAt).to.be.a('number');
    await press('Enter');
    await waitFor(() => storage.saved.get(key)?.draft.text === '', 'the save after sending');
    expect(storage.saved.get(key)!.history.map((entry) => entry.text)).to.deep.equal(['hello']);
  });

  it('a cancelled submit keeps the stored draft', async () => {
    const storage = memoryStorage();
    const key = uniqueKey('cancel');
    const composer = await mount(key, storage);
    composer.addEventListener('t3-submit', (event) => event.preventDefault());
    await clickEditor(composer);
    await type('keep me');
    await press('Enter');
    await waitFor(() => storage.saved.get(key)?.draft.text === 'keep me', 'the save');
    expect(storage.saved.get(key)!.history).to.deep.equal([]);
  });

  it('switching the key saves the old draft first and swaps drafts', async () => {
    const storage = memoryStorage();
    const composer = await mount('thread-a', storage);
    await clickEditor(composer);
    await type('for a');
    composer.draftKey = 'thread-b';
    await composer.updateComplete;
    expect(composer.value.text).to.equal('');
    await type('for b');
    const backToA = oneEvent(composer, 't3-draft-restore');
    composer.draftKey = 'thread-a';
    await backToA;
    expect(composer.value.text).to.equal('for a');
    const backToB = oneEvent(composer, 't3-draft-restore');
    composer.draftKey = 'thread-b';
    await backToB;
    expect(composer.value.text).to.equal('for b');
  });

  it('a throwing store shows one notice and never touches the draft in memory', async () => {
    await collectingWarnings(async (warnings) => {
      const throwing: DraftStorage = {
        load: () => {
          throw new Error('private mode');
        },
        save: () => Promise.reject(new DOMException('no', 'QuotaExceededError')),
        remove: () => Promise.reject(new Error('no')),
      };
      const composer = await composerFixture();
      composer.draftStorage = throwing;
      composer.draftKey = uniqueKey('throwing');
      await composer.updateComplete;
      await waitFor(() => notice(composer).includes('cannot be saved'), 'the notice');
      await clickEditor(composer);
      await type('still here');
      composer.insertContext(terminal);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(composer.value).to.deep.equal({ text: `still here ${link(terminal)} `, records: [terminal] });
      expect(warnings).to.have.length(1);
    });
  });

  it('the not-saved notice stays while the person types and goes once the store works again', async () => {
    const storage = memoryStorage();
    let failures = 1;
    const flaky: DraftStorage = {
      ...storage,
      save: (key, stored) =>
        failures-- > 0 ? Promise.reject(new DOMException('full', 'QuotaExceededError')) : storage.save(key, stored),
    };
    await collectingWarnings(async () => {
      const composer = await mount(uniqueKey('flaky'), flaky);
      await clickEditor(composer);
      await type('first');
      await waitFor(() => notice(composer).includes('cannot be saved'), 'the notice');
      await type(' second');
      expect(notice(composer)).to.include('cannot be saved');
      await waitFor(() => notice(composer) === '', 'the notice to go once a save works');
      expect(composer.value.text).to.equal('first second');
    });
  });

  it('the not-saved notice comes back with the next failure after a key switch took it away', async () => {
    const storage = memoryStorage();
    const failing: DraftStorage = {
      ...storage,
      save: () => Promise.reject(new DOMException('full', 'QuotaExceededError')),
    };
    await collectingWarnings(async () => {
      const composer = await mount(uniqueKey('switch'), failing);
      await clickEditor(composer);
      await type('first');
      await waitFor(() => notice(composer).includes('cannot be saved'), 'the notice');
      composer.draftKey = uniqueKey('other');
      await waitFor(() => notice(composer) === '', 'the switch to clear the notice');
      await clickEditor(composer);
      await type('second');
      await waitFor(() => notice(composer).includes('cannot be saved'), 'the notice again');
    });
  });

  it('a store that never answers shows the notice and the draft stays', async () => {
    const silent: DraftStorage = {
      load: () => new Promise(() => {}),
      save: () => new Promise(() => {}),
      remove: () => new Promise(() => {}),
    };
    const composer = await composerFixture();
    composer.draftStorage = silent;
    composer.draftKey = uniqueKey('silent');
    await clickEditor(composer);
    await type('typed while waiting');
    await waitFor(() => notice(composer).includes('cannot be saved'), 'the notice', 5000);
    expect(composer.value.text).to.equal('typed while waiting');
  });

  it('IndexedDB keeps the later change whole when two tabs save one key', async () => {
    const firstTab = indexedDbDraftStorage();
    const secondTab = indexedDbDraftStorage();
    const key = uniqueKey('tabs');
    const record = (text: string, changedAt: number): StoredDrafts => ({
      version: 1,
      changedAt,
      draft: { text, records: [{ ...terminal, contextId: `terminal_${changedAt}` }], attachments: [] },
      stashes: [],
      history: [],
    });
    await secondTab.save(key, record('later change', 2000));
    await firstTab.save(key, record('earlier change saved late', 1000));
    const loaded = (await firstTab.load(key))!;
    expect(loaded.draft.text).to.equal('later change');
    expect(loaded.draft.records.map((entry) => entry.contextId)).to.deep.equal(['terminal_2000']);
    await firstTab.save(key, record('newest', 3000));
    expect((await secondTab.load(key))!.draft.text).to.equal('newest');
    // Within one page, a save of an earlier change answered late never replaces a later one.
    await firstTab.save(key, record('stale', 2500));
    expect((await firstTab.load(key))!.draft.text).to.equal('newest');
    await secondTab.remove(key);
    expect(await firstTab.load(key)).to.equal(undefined);
  });

  it('stores files up to the budget, the draft’s first; the others go without bytes and the draft says so', () => {
    const file = (size: number, id: string) => ({
      contextId: `file_${id}`,
      attachmentId: id,
      kind: 'file' as const,
      file: new File([new Uint8Array(size)], `${id}.bin`),
    });
    const draft = { text: '', records: [], attachments: [file(60, 'a'), file(60, 'b')] };
    const stashed = { text: 's', records: [], attachments: [file(10, 'c')] };
    const { stored, draftTrimmed } = fitToBudget(
      {
        version: 1,
        changedAt: 1,
        draft,
        stashes: [{ id: 's1', createdAt: 1, preview: 's', draft: stashed }],
        history: [],
      },
      100,
    );
    expect(draftTrimmed).to.be.true;
    expect(stored.draft.attachments.map((attachment) => attachment.attachmentId)).to.deep.equal(['a']);
    expect(stored.stashes[0]!.draft.attachments.map((attachment) => attachment.attachmentId)).to.deep.equal(['c']);
    expect(draft.attachments).to.have.length(2);
  });
});
