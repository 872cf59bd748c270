import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from './support/axe.js';
import { centre, waitFor } from './support/interaction.js';

/** A sent command annotation renders as a command chip with its arguments in the details. */

const content = '/review "my file.ts" security';
const command = {
  type: 'command',
  start: 0,
  end: 7,
  text: '/review',
  command: { name: 'review', description: 'Review a change', source: 'builtin-command' },
  arguments: [
    { name: 'target', value: 'my file.ts' },
    { name: 'focus', value: 'security' },
  ],
};

async function render(text: string, annotations: unknown): Promise<T3UserMessage> {
  const message = await fixture<T3UserMessage>(
    html`<t3-user-message .content=${text} .inputAnnotations=${annotations}></t3-user-message>`,
  );
  await message.updateComplete;
  return message;
}

const chip = (message: T3UserMessage) => message.shadowRoot!.querySelector<HTMLElement>('[part~="command"]');
const details = (message: T3UserMessage) => chip(message)?.querySelector<HTMLElement>('[part~="command-details"]');
const shown = (element: HTMLElement | null | undefined) => !!element && getComputedStyle(element).display !== 'none';

describe('<t3-user-message> command chip', () => {
  it('shows the category icon and /name, and the arguments as text after it', async () => {
    const message = await render(content, [command]);
    const face = chip(message)!.querySelector('.command-face')!;
    expect(face.textContent).to.equal('/review');
    expect(face.querySelector('svg')!.dataset.category).to.equal('system');
    expect(chip(message)!.getAttribute('aria-label')).to.equal('/review');
    expect(chip(message)!.nextSibling!.textContent).to.equal(' "my file.ts" security');
  });

  it('shows its description and arguments in the details on hover', async () => {
    const message = await render(content, [command]);
    expect(shown(details(message))).to.equal(false);
    await sendMouse({ type: 'move', position: centre(chip(message)!.querySelector('.command-face')!) });
    await waitFor(() => shown(details(message)), 'the details on hover');
    const lines = [...details(message)!.children].map((line) => [...line.childNodes].map((node) => node.textContent));
    expect(lines).to.deep.equal([['Review a change'], ['target', 'my file.ts'], ['focus', 'security']]);
    expect(chip(message)!.getAttribute('aria-describedby')).to.equal(details(message)!.id);
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('is reached with the keyboard, which shows the details too', async () => {
    const message = await render(content, [command]);
    const before = document.createElement('button');
    before.textContent = 'before';
    message.before(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    expect(message.shadowRoot!.activeElement).to.equal(chip(message));
    await waitFor(() => shown(details(message)), 'the details on focus');
    before.remove();
  });

  it('shows the text when the command annotation does not match it', async () => {
    const message = await render('/revue "my file.ts" security', [command]);
    expect(chip(message)).to.equal(null);
    expect(message.shadowRoot!.querySelector('[part~="body"]')!.textContent).to.equal('/revue "my file.ts" security');
  });

  it('shows the text when the annotation names another command than its text', async () => {
    const message = await render(content, [{ ...command, command: { name: 'deploy', description: 'Deploy' } }]);
    expect(chip(message)).to.equal(null);
    expect(message.shadowRoot!.querySelector('[part~="body"]')!.textContent).to.equal(content);
  });

  it('keeps the chip but no arguments when they are malformed', async () => {
    const message = await render(content, [{ ...command, arguments: [{ name: 'target', value: 3 }] }]);
    expect(chip(message)).to.exist;
    expect([...details(message)!.children].map((line) => line.textContent)).to.deep.equal(['Review a change']);
  });

  it('shows no arguments in the details when the text after the command does not show them', async () => {
    const message = await render('/review a.ts security', [command]);
    expect(chip(message)).to.exist;
    await sendMouse({ type: 'move', position: centre(chip(message)!.querySelector('.command-face')!) });
    await waitFor(() => shown(details(message)), 'the details on hover');
    expect([...details(message)!.children].map((line) => line.textContent)).to.deep.equal(['Review a change']);
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('shows a context link in a value as its label, not as markup', async () => {
    const link = '[a.ts](t3-context://v1/file/ctx_1)';
    const message = await render(`/review ${link} security`, [
      { ...command, arguments: [{ name: 'target', value: link }, command.arguments[1]] },
    ]);
    chip(message)!.focus();
    await waitFor(() => shown(details(message)), 'the details on focus');
    const lines = [...details(message)!.children].map((line) => [...line.childNodes].map((node) => node.textContent));
    expect(lines).to.deep.equal([['Review a change'], ['target', 'a.ts'], ['focus', 'security']]);
  });

  it('escapes argument values: markup in a value stays text', async () => {
    const value = '<img src=x onerror=alert(1)>';
    const text = `/review ${JSON.stringify(value)}`;
    const message = await render(text, [{ ...command, arguments: [{ name: 'target', value }] }]);
    expect(details(message)!.querySelector('img')).to.equal(null);
    expect(details(message)!.textContent).to.contain(value);
  });

  it('is axe-clean with its details shown, light and dark', async () => {
    const message = await render(content, [command]);
    chip(message)!.focus();
    await waitFor(() => shown(details(message)), 'the details on focus');
    try {
      for (const look of LOOKS) {
        await showLook(look);
        await expectNoAxeViolations(message, `${look.width}px ${look.scheme}`);
      }
    } finally {
      await resetLook();
    }
  });
});
