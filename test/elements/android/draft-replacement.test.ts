import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { link, terminal } from '../../../support/records.js';
import { centre, focusIsIn, part } from '../support/interaction.js';
import {
  clickEditor,
  composerFixture,
  content,
  memoryStorage,
  press,
  storedComposer,
  submissions,
  type,
  waitFor,
} from '../composer/support.js';

/*
 * Run with an Android phone's user agent (the `android` group), where CodeMirror takes text input
 * through the browser's EditContext. Every way the composer replaces its whole draft must leave
 * that context describing the new draft: a stale one reads the keyboard's ranges against the old
 * text, throws "Invalid change range" on every key and loses what is typed.
 */

/** Every error the page reports while a test runs (CodeMirror's input handlers throw outside any await). */
const errors: string[] = [];
const onError = (event: ErrorEvent) => errors.push(event.message);
beforeEach(() => {
  errors.length = 0;
  window.addEventListener('error', onError);
});
afterEach(() => window.removeEventListener('error', onError));

async function focused(composer: T3Composer): Promise<void> {
  await clickEditor(composer);
  await waitFor(() => composer.shadowRoot!.activeElement === content(composer), 'focus in the editor');
}

/** Sends as a phone's user does, with the send button (on a touch-only phone Enter breaks a line). */
async function tapSend(composer: T3Composer): Promise<void> {
  await tap(part(composer, 'send-button')!);
}

async function tap(target: Element): Promise<void> {
  const [x, y] = centre(target);
  await executeServerCommand('tap', { x, y });
}

/** Types after a replacement and expects every character in the draft, with no error on the way. */
async function expectTypingWorks(composer: T3Composer, before: string, typed = ' and more'): Promise<void> {
  await type(typed);
  await waitFor(() => composer.value.text === before + typed, `"${before + typed}" in the draft`).catch(() => {
    throw new Error(
      `expected "${before + typed}", the draft holds "${composer.value.text}"; errors: ${errors.join(', ')}`,
    );
  });
  expect(errors).to.deep.equal([]);
}

describe('<t3-composer> on Android: typing after the draft is replaced', () => {
  it('edits through the EditContext, as Chrome does on Android', async () => {
    const composer = await composerFixture();
    expect(navigator.userAgent).to.contain('Android');
    expect('EditContext' in window).to.be.true;
    expect((content(composer) as HTMLElement & { editContext?: unknown }).editContext).to.exist;
  });

  it('after a send', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await focused(composer);
    await type('a longer first message');
    await tapSend(composer);
    expect(sent.map((detail) => detail.text)).to.deep.equal(['a longer first message']);
    expect(composer.value.text).to.equal('');
    await expectTypingWorks(composer, '', 'second');
  });

  it('after two sends in a row, the second shorter than the first', async () => {
    const composer = await composerFixture();
    await focused(composer);
    await type('first message here');
    await tapSend(composer);
    await type('two');
    await tapSend(composer);
    await expectTypingWorks(composer, '', 'three');
  });

  it('after a refused send brings the draft back', async () => {
    const composer = await composerFixture();
    composer.addEventListener('t3-submit', (event) => event.detail.waitUntil(Promise.reject(new Error('offline'))));
    await focused(composer);
    await type('keep this');
    await tapSend(composer);
    await waitFor(() => composer.value.text === 'keep this', 'the refused draft back');
    await expectTypingWorks(composer, 'keep this');
  });

  it('after a thread switch, there and back', async () => {
    const composer = await storedComposer('thread-a', memoryStorage());
    await focused(composer);
    await type('a draft for thread a');
    composer.draftKey = 'thread-b';
    await composer.updateComplete;
    await waitFor(() => composer.value.text === '', 'thread b’s empty draft');
    await expectTypingWorks(composer, '', 'b');
    composer.draftKey = 'thread-a';
    await waitFor(() => composer.value.text === 'a draft for thread a', 'thread a’s draft');
    await focused(composer);
    await expectTypingWorks(composer, 'a draft for thread a');
  });

  it('after a stash, and after restoring it', async () => {
    const composer = await composerFixture();
    await focused(composer);
    await type('stash me please');
    expect(composer.stash()).to.be.true;
    await expectTypingWorks(composer, '', 'x');
    composer.clear();
    expect(composer.restoreStash(composer.stashes[0]!.id)).to.be.true;
    await focused(composer);
    await expectTypingWorks(composer, 'stash me please');
  });

  it('after Ctrl+↑ recalls a sent message, and after Ctrl+↓ comes back', async () => {
    const composer = await composerFixture();
    await focused(composer);
    await type('an earlier message');
    await tapSend(composer);
    await focused(composer);
    await type('now');
    await press('Home');
    await press('Control+ArrowUp');
    expect(composer.value.text).to.equal('an earlier message');
    await press('End');
    await expectTypingWorks(composer, 'an earlier message');
    await press('Control+ArrowDown');
    await waitFor(() => composer.value.text === 'now', 'the draft in progress back');
    await press('End');
    await expectTypingWorks(composer, 'now');
  });

  it('after the host sets value or draft, shorter or longer than before', async () => {
    const composer = await composerFixture();
    await focused(composer);
    await type('something long typed first');
    composer.value = { text: 'hi', records: [] };
    await focused(composer);
    await expectTypingWorks(composer, 'hi');
    composer.draft = { text: `see ${link(terminal)}`, records: [terminal], attachments: [] };
    await focused(composer);
    await expectTypingWorks(composer, `see ${link(terminal)}`);
  });

  it('after clear()', async () => {
    const composer = await composerFixture();
    await focused(composer);
    await type('clear me');
    composer.clear();
    await expectTypingWorks(composer, '', 'fresh');
  });

  it('a hardware keyboard’s Ctrl+Enter sends; Enter breaks a line on the touch-only phone', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await focused(composer);
    await type('from a keyboard');
    await press('Enter');
    await type('second line');
    await sendKeys({ press: 'Control+Enter' });
    expect(sent.map((detail) => detail.text)).to.deep.equal(['from a keyboard\nsecond line']);
    await expectTypingWorks(composer, '', 'next');
  });

  it('with send-key="enter", Shift+Enter breaks a line and Enter sends', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" send-key="enter"></t3-composer>`);
    const sent = submissions(composer);
    await focused(composer);
    await type('one');
    await sendKeys({ press: 'Shift+Enter' });
    await type('two');
    expect(sent).to.deep.equal([]);
    await press('Enter');
    await waitFor(() => sent.length === 1, 'the send');
    expect(sent[0]!.text).to.equal('one\ntwo');
    await expectTypingWorks(composer, '', 'three');
  });

  it('in a sent message’s editor, after Edit, Cancel, Discard and Edit again', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message editable .text=${'fix the build'}></t3-user-message>`,
    );
    await message.updateComplete;
    const startEditing = async (): Promise<T3Composer> => {
      expect(message.edit()).to.be.true;
      await message.updateComplete;
      const composer = part(message, 'editor') as T3Composer;
      await composer.updateComplete;
      await waitFor(() => focusIsIn(composer), 'focus in the inline composer');
      return composer;
    };
    let composer = await startEditing();
    await press('End');
    await expectTypingWorks(composer, 'fix the build', ' now');
    await tap(part(message, 'cancel-button')!);
    await message.updateComplete;
    await tap(part(message, 'discard-button')!);
    await message.updateComplete;
    expect(part(message, 'editor'), 'editing ended').to.be.null;
    composer = await startEditing();
    await press('End');
    await expectTypingWorks(composer, 'fix the build', ' today');
  });
});
