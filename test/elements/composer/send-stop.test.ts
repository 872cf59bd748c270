import { expect, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { MentionProvider } from '../../../src/elements/composer/menu/providers.js';
import { part } from '../support/interaction.js';
import { link, mention, terminal } from '../../../support/records.js';
import { expectCard } from './card-layout.js';
import { centre, clickEditor, composerFixture, press, submissions, type, waitFor } from './support.js';

const sendButton = (composer: HTMLElement) => part(composer, 'send-button') as HTMLButtonElement | null;
const stopButton = (composer: HTMLElement) => part(composer, 'stop-button') as HTMLButtonElement | null;
const editorHasFocus = (composer: HTMLElement) => composer.shadowRoot!.activeElement?.classList.contains('cm-content');

function stops(target: EventTarget): Event[] {
  const list: Event[] = [];
  target.addEventListener('t3-stop', (event) => list.push(event));
  return list;
}

const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: () => [{ id: 'index', label: 'src/index.ts', record: mention }],
};

describe('<t3-composer> send and stop', () => {
  it('the send button is disabled for an empty draft, enabled with text, and a click submits with focus kept in the editor', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    expect(sendButton(composer)!.disabled).to.be.true;
    await clickEditor(composer);
    await type('   ');
    await composer.updateComplete;
    expect(sendButton(composer)!.disabled, 'blank is not a draft').to.be.true;
    await type('hello');
    await composer.updateComplete;
    expect(sendButton(composer)!.disabled).to.be.false;
    expect(sendButton(composer)!.getAttribute('aria-label')).to.equal('Send');
    await sendMouse({ type: 'click', position: centre(sendButton(composer)!) });
    expect(sent.map((detail) => detail.text)).to.deep.equal(['hello']);
    expect(sent[0]!.queued).to.equal(undefined);
    expect(composer.value.text).to.equal('');
    expect(editorHasFocus(composer), 'focus stays in the editor').to.be.true;
    await composer.updateComplete;
    expect(sendButton(composer)!.disabled).to.be.true;
    // The next message is typed straight away.
    await type('next');
    expect(composer.value.text).to.equal('next');
  });

  it('clicking a disabled send button sends nothing, and a disabled composer cannot send', async () => {
    const composer = await composerFixture();
    const sent = submissions(composer);
    await sendMouse({ type: 'click', position: centre(sendButton(composer)!) });
    composer.value = { text: 'typed', records: [] };
    composer.disabled = true;
    await composer.updateComplete;
    expect(sendButton(composer)!.disabled).to.be.true;
    await sendMouse({ type: 'click', position: centre(sendButton(composer)!) });
    expect(sent).to.deep.equal([]);
  });

  it('is disabled while the draft is over a limit (records or chips), and enabled once back within it', async () => {
    const composer = await composerFixture();
    const terminals = Array.from({ length: 201 }, (_, i) => ({ ...terminal, contextId: `term_${i + 1}` }));
    composer.value = { text: terminals.map((record) => link(record)).join(' '), records: terminals };
    await composer.updateComplete;
    expect(sendButton(composer)!.disabled, '201 records').to.be.true;
    // The draft is taller than the editor: focus it, then go to its very end.
    composer.focus();
    await press('Control+End');
    await press('Backspace');
    await composer.updateComplete;
    expect(composer.value.records).to.have.length(200);
    expect(sendButton(composer)!.disabled, '200 records').to.be.false;

    composer.value = { text: Array.from({ length: 257 }, () => link(terminal)).join(' '), records: [terminal] };
    await composer.updateComplete;
    expect(sendButton(composer)!.disabled, '257 chips').to.be.true;
    // The draft is taller than the editor: focus it, then go to its very end.
    composer.focus();
    await press('Control+End');
    await press('Backspace');
    await composer.updateComplete;
    expect(sendButton(composer)!.disabled, '256 chips').to.be.false;
  });

  it('no-send-button hides the button, busy or not; Enter still submits', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" no-send-button></t3-composer>`);
    const sent = submissions(composer);
    expect(sendButton(composer)).to.equal(null);
    composer.busy = true;
    await composer.updateComplete;
    expect(stopButton(composer)).to.equal(null);
    composer.busy = false;
    await composer.updateComplete;
    await clickEditor(composer);
    await type('by keyboard');
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['by keyboard']);
  });

  it('names the buttons from locale', async () => {
    const composer = await composerFixture();
    composer.locale = { send: 'Envoyer', stop: 'Arrêter' };
    await composer.updateComplete;
    expect(sendButton(composer)!.getAttribute('aria-label')).to.equal('Envoyer');
    composer.busy = true;
    await composer.updateComplete;
    expect(stopButton(composer)!.getAttribute('aria-label')).to.equal('Arrêter');
  });

  it('busy (reflected) turns the send button into a stop button that fires t3-stop, bubbling and composed', async () => {
    const composer = await composerFixture();
    const heard = stops(document);
    await clickEditor(composer);
    composer.busy = true;
    await composer.updateComplete;
    expect(composer.hasAttribute('busy')).to.be.true;
    expect(sendButton(composer)).to.equal(null);
    expect(stopButton(composer)!.getAttribute('aria-label')).to.equal('Stop');
    await sendMouse({ type: 'click', position: centre(stopButton(composer)!) });
    expect(heard).to.have.length(1);
    expect(heard[0]!.bubbles && heard[0]!.composed).to.be.true;
    expect(editorHasFocus(composer)).to.be.true;
    composer.removeAttribute('busy');
    await composer.updateComplete;
    expect(composer.busy).to.be.false;
    expect(sendButton(composer)).not.to.equal(null);
  });

  it('Escape in the editor stops while busy, and does nothing when idle', async () => {
    const composer = await composerFixture();
    const heard = stops(composer);
    await clickEditor(composer);
    await press('Escape');
    expect(heard).to.have.length(0);
    composer.busy = true;
    await composer.updateComplete;
    await press('Escape');
    expect(heard).to.have.length(1);
  });

  it('Escape with a menu open closes the menu and does not stop; the next Escape stops', async () => {
    const composer = await composerFixture();
    composer.providers = [files];
    composer.busy = true;
    const heard = stops(composer);
    await clickEditor(composer);
    await type('@src');
    const menu = () => composer.shadowRoot!.querySelector('[part~="menu"]');
    await waitFor(() => !!menu(), 'the mention menu');
    await press('Escape');
    await composer.updateComplete;
    expect(menu()).to.equal(null);
    expect(heard).to.have.length(0);
    expect(composer.value.text).to.equal('@src');
    await press('Escape');
    expect(heard).to.have.length(1);
  });

  it('slotted controls sit on the row beneath the editor and never take Enter', async () => {
    const composer = await composerFixture(
      html`<t3-composer label="m"
        ><button slot="start" id="attach">Attach</button><button slot="end" id="voice">Voice</button></t3-composer
      >`,
    );
    const sent = submissions(composer);
    const attach = composer.querySelector<HTMLButtonElement>('#attach')!;
    const voice = composer.querySelector<HTMLButtonElement>('#voice')!;
    let clicks = 0;
    attach.addEventListener('click', () => clicks++);
    const actions = part(composer, 'actions')!;
    const slots = [...actions.querySelectorAll('slot')].map((slot) => slot.assignedElements()[0]);
    expect(slots).to.deep.equal([attach, voice]);
    // Beneath the editor: start at the row's start, end after it, the send button last.
    expectCard(composer, [attach, voice, sendButton(composer)!]);
    await clickEditor(composer);
    await type('draft');
    attach.focus();
    await press('Enter');
    expect(clicks, 'the slotted button does its own work').to.equal(1);
    expect(sent).to.deep.equal([]);
    expect(composer.value.text).to.equal('draft');
    await clickEditor(composer);
    await press('Enter');
    expect(sent.map((detail) => detail.text)).to.deep.equal(['draft']);
    expect(clicks).to.equal(1);
  });
});
