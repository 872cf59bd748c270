import { expect, html } from '@open-wc/testing';
import type { ContextRecord } from '../../../src/core/index.js';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { link, skill, terminal } from '../../../support/records.js';
import {
  caret,
  chips,
  clickEditor,
  composerFixture,
  content,
  pngFile,
  press,
  submissions,
  thumbnails,
  type,
  waitFor,
} from './support.js';

/** Types a message with a chip in it and sends it with Enter. */
async function send(composer: T3Composer, before: string, record: ContextRecord = terminal): Promise<void> {
  await type(before);
  composer.insertContext(record);
  await type('now');
  await press('Enter');
  expect(composer.value.text).to.equal('');
}

describe('<t3-composer> ↑/↓ recall', () => {
  it('↑ in an empty composer shows the last sent message with real chips, ↑ again the one before; the oldest stays', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await press('ArrowUp');
    expect(composer.value.text).to.equal('');
    await send(composer, 'first ');
    await send(composer, 'second ', skill);
    await press('ArrowUp');
    expect(composer.value.text).to.equal(`second ${link(skill)} now`);
    expect(chips(composer).map((chip) => chip.record)).to.deep.equal([skill]);
    expect(caret(composer)).to.equal(0);
    await press('ArrowUp');
    expect(composer.value).to.deep.equal({ text: `first ${link(terminal)} now`, records: [terminal] });
    await press('ArrowUp');
    expect(composer.value.text).to.equal(`first ${link(terminal)} now`);
  });

  it('↓ at the very end walks forward, and past the newest brings back the draft in progress unchanged', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await send(composer, 'one ');
    await send(composer, 'two ');
    await type('work in ');
    composer.insertContext(skill);
    await press('Control+Home');
    await press('ArrowUp');
    await press('ArrowUp');
    expect(composer.value.text.startsWith('one ')).to.be.true;
    // The caret is at the start: the first ↓ takes it to the end of the line, the next walks on.
    await press('ArrowDown');
    expect(composer.value.text.startsWith('one ')).to.be.true;
    await press('ArrowDown');
    expect(composer.value.text.startsWith('two ')).to.be.true;
    await press('ArrowDown');
    expect(composer.value).to.deep.equal({ text: `work in ${link(skill)} `, records: [skill] });
    expect(caret(composer)).to.equal(composer.value.text.length);
    await press('ArrowDown');
    expect(composer.value.text).to.equal(`work in ${link(skill)} `);
  });

  it('inside a multi-line draft the arrows move the caret; only at the very start does ↑ recall', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await send(composer, 'sent ');
    await type('line one');
    await press('Shift+Enter');
    await type('line two');
    await press('Home');
    await press('ArrowUp');
    expect(composer.value.text).to.equal('line one\nline two');
    expect(caret(composer)).to.equal(0);
    await press('ArrowDown');
    expect(composer.value.text).to.equal('line one\nline two');
    await press('End');
    await press('ArrowDown');
    expect(composer.value.text).to.equal('line one\nline two');
    await press('Control+Home');
    await press('ArrowUp');
    expect(composer.value.text).to.equal(`sent ${link(terminal)} now`);
  });

  it('while the mention menu is open the arrows belong to the menu', async () => {
    const composer = await composerFixture();
    composer.providers = [
      {
        id: 'people',
        label: 'People',
        search: () => [
          { id: 'a', label: 'Ada' },
          { id: 'b', label: 'Bob' },
        ],
      },
    ];
    await clickEditor(composer);
    await send(composer, 'before ');
    await type('@');
    await waitFor(() => composer.shadowRoot!.querySelectorAll('[role="option"]').length === 2, 'the options');
    const active = () => content(composer).getAttribute('aria-activedescendant');
    const first = active();
    await press('ArrowDown');
    expect(active()).to.not.equal(first);
    await press('ArrowUp');
    expect(active()).to.equal(first);
    await press('ArrowUp');
    expect(composer.value.text).to.equal('@');
    await press('Escape');
    await press('Home');
    await press('ArrowUp');
    expect(composer.value.text).to.equal(`before ${link(terminal)} now`);
  });

  it('editing a recalled entry never changes history; sending it adds a new entry', async () => {
    const composer = await composerFixture();
    await clickEditor(composer);
    await send(composer, 'original ');
    await press('ArrowUp');
    await type('edited ');
    // Walking away and back keeps the edit, as a shell does.
    await press('End');
    await press('ArrowDown');
    expect(composer.value.text).to.equal('');
    await press('ArrowUp');
    expect(composer.value.text).to.equal(`edited original ${link(terminal)} now`);
    expect(composer.history).to.deep.equal([
      { text: `original ${link(terminal)} now`, context: { version: 1, records: [terminal] } },
    ]);
    await press('Enter');
    expect(composer.history.map((entry) => ('text' in entry ? entry.text : ''))).to.deep.equal([
      `original ${link(terminal)} now`,
      `edited original ${link(terminal)} now`,
    ]);
  });

  it('recalls attachments and the picked command with the text', async () => {
    const composer = await composerFixture();
    composer.commands = [{ name: 'plan' }];
    await clickEditor(composer);
    await type('/pl');
    await waitFor(() => composer.shadowRoot!.querySelector('[role="option"]') !== null, 'the command');
    await press('Enter');
    const png = pngFile();
    composer.attachFiles([png]);
    await press('Enter');
    await composer.updateComplete;
    expect(thumbnails(composer)).to.have.length(0);
    await press('ArrowUp');
    await composer.updateComplete;
    expect(thumbnails(composer)).to.have.length(1);
    expect(composer.command?.name).to.equal('plan');
    expect(composer.draft.attachments[0]!.file).to.equal(png);
    const sent = submissions(composer);
    await press('Enter');
    expect(sent[0]!.inputAnnotations[0]).to.deep.include({ type: 'command' });
    expect(sent[0]!.attachments.map((attachment) => attachment.file)).to.deep.equal([png]);
  });

  it('history is settable from a transcript (both message shapes) and readable; history-size bounds it', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" history-size="2"></t3-composer>`);
    composer.history = [
      { text: 'too old' },
      { text: `look at ${link(terminal)}`, context: { version: 1, records: [terminal] } },
      {
        content: 'ask @alice now',
        inputAnnotations: [
          {
            type: 'reference',
            start: 4,
            end: 10,
            text: '@alice',
            reference: { id: 'alice', kind: 'person', label: 'Alice' },
          },
        ],
      },
      'not an entry' as never,
    ];
    expect(composer.history).to.have.length(2);
    await clickEditor(composer);
    await press('ArrowUp');
    await press('ArrowUp');
    expect(composer.value).to.deep.equal({ text: `look at ${link(terminal)}`, records: [terminal] });
    composer.clear();
    await press('ArrowUp');
    expect(chips(composer)).to.have.length(1);
    expect(chips(composer)[0]!.label).to.equal('Alice');
    expect(composer.value.records[0]).to.deep.include({ kind: 'person', label: 'Alice' });
    const sent = submissions(composer);
    await press('Enter');
    expect(sent[0]!.prompt).to.equal('ask @alice now');
    expect(composer.history).to.have.length(2);
    expect(JSON.stringify(composer.history)).to.not.contain('look at');
  });
});
