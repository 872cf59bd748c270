import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { file, link, mention, skill, terminal } from '../../support/records.js';

/** The focused element, looked up through open shadow roots. */
function deepActive(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** What the focus is on, as a test reads it: `<message id>:<chip id | copy | link>`, or an element id. */
function focused(): string {
  const active = deepActive();
  if (!active) return 'nothing';
  const chip = (active.getRootNode() as ShadowRoot).host;
  if (chip?.localName === 't3-context-chip') {
    const message = (chip.getRootNode() as ShadowRoot).host as T3UserMessage;
    return `${message.id}:${chip.getAttribute('context-id')}`;
  }
  const host = (active.getRootNode() as ShadowRoot).host;
  if (host?.localName === 't3-user-message') {
    return `${host.id}:${active.getAttribute('part') === 'copy' ? 'copy' : active.localName}`;
  }
  return active.id || active.localName;
}

const records = { version: 1, records: [terminal, file, mention, skill] };

async function transcript() {
  return fixture<HTMLElement>(html`<div>
    <button id="before">before</button>
    <ol>
      <li><t3-user-message id="m1" .text=${`See ${link(terminal)} and ${link(file)} in https://example.com/x`} .context=${records}></t3-user-message></li>
      <li><t3-user-message id="m2" .text=${`Then ${link(mention)}`} .context=${records}></t3-user-message></li>
      <li><t3-user-message id="m3" .text=${'No chips here'}></t3-user-message></li>
    </ol>
    <button id="after">after</button>
  </div>`);
}

async function settle(root: HTMLElement): Promise<void> {
  for (const message of root.querySelectorAll('t3-user-message')) {
    await (message as T3UserMessage).updateComplete;
    for (const chip of message.shadowRoot!.querySelectorAll('t3-context-chip')) await chip.updateComplete;
  }
}

describe('<t3-user-message> keyboard: one tab stop per message', () => {
  it('costs one Tab per message, whatever its chips and links', async () => {
    const root = await transcript();
    await settle(root);
    root.querySelector<HTMLButtonElement>('#before')!.focus();
    const stops: string[] = [];
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      stops.push(focused());
    }
    expect(stops).to.deep.equal(['m1:term_1', 'm2:m_1', 'm3:copy', 'after']);
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused()).to.equal('m3:copy');
  });

  it('moves between chips, links and the copy control with the arrows, Home and End', async () => {
    const root = await transcript();
    await settle(root);
    root.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    const visited = [focused()];
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowLeft', 'Home', 'End']) {
      await sendKeys({ press: key });
      visited.push(focused());
    }
    expect(visited).to.deep.equal([
      'm1:term_1',
      'm1:file_1',
      'm1:a',
      'm1:copy',
      'm1:copy',
      'm1:a',
      'm1:term_1',
      'm1:copy',
    ]);
  });

  it('remembers the item last reached: Tab out and back lands on it', async () => {
    const root = await transcript();
    await settle(root);
    root.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'Tab' });
    expect(focused()).to.equal('m2:m_1');
    await sendKeys({ press: 'Shift+Tab' });
    expect(focused()).to.equal('m1:file_1');
  });

  it('activates the focused chip with Enter and Space, and opens its details on focus', async () => {
    const root = await transcript();
    await settle(root);
    const activated: string[] = [];
    root.addEventListener('t3-chip-activate', (event) => activated.push(event.detail.contextId));
    root.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: ' ' });
    expect(activated).to.deep.equal(['term_1', 'file_1']);
    const chip = deepActive()!.getRootNode() as ShadowRoot;
    expect(chip.querySelector('[part~="details"]')?.matches(':popover-open')).to.equal(true);
  });

  it('follows the text direction: in RTL, ArrowLeft goes forward', async () => {
    const root = await transcript();
    root.setAttribute('dir', 'rtl');
    await settle(root);
    root.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(focused()).to.equal('m1:file_1');
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal('m1:term_1');
  });
});
