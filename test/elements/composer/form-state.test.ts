import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { terminal } from '../../../support/records.js';
import { waitFor } from './support.js';

const T = `[${terminal.label}](t3-context://v1/terminal/${terminal.contextId})`;

/** A page with a form holding a composer, in an iframe so it can navigate away and back. */
async function framedFormPage(): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width: 600px; height: 300px; border: 0; position: fixed; top: 0; left: 0;';
  document.body.append(frame);
  await navigate(frame, () => (frame.src = '/test/elements/fixtures/form-page.html'));
  return frame;
}

async function navigate(frame: HTMLIFrameElement, go: () => void): Promise<void> {
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  go();
  await loaded;
}

async function framedComposer(frame: HTMLIFrameElement): Promise<T3Composer> {
  const frameWindow = frame.contentWindow!;
  await frameWindow.customElements.whenDefined('t3-composer');
  const composer = frameWindow.document.querySelector('t3-composer') as T3Composer;
  await composer.updateComplete;
  return composer;
}

describe('<t3-composer> form state', () => {
  it('a draft the browser restores on back navigation comes back with its chips', async () => {
    const frame = await framedFormPage();
    const composer = await framedComposer(frame);
    composer.value = { text: `see ${T}`, records: [terminal] };
    const content = composer.shadowRoot!.querySelector('.cm-content')!.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(content.right - 4), Math.round(content.bottom - 6)] });
    await sendKeys({ type: ' and more' });
    await waitFor(() => composer.value.text.endsWith(' and more'), 'the typed text');
    const form = frame.contentDocument!.querySelector('form')!;
    expect(new (frame.contentWindow as typeof window).FormData(form).get('message')).to.equal(`see ${T} and more`);

    await navigate(frame, () => (frame.contentWindow!.location.href = '/test/elements/fixtures/other-page.html'));
    await navigate(frame, () => frame.contentWindow!.history.back());
    const restored = await framedComposer(frame);
    await waitFor(() => restored.value.text !== '', 'the restored draft');
    expect(restored).not.to.equal(composer);
    expect(restored.value).to.deep.equal({ text: `see ${T} and more`, records: [terminal] });
    expect(restored.shadowRoot!.querySelectorAll('.cm-content t3-context-chip')).to.have.length(1);
    frame.remove();
  });
});
