import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/define.js';
import type { T3UserMessage } from '../../../src/elements/user-message/user-message.js';
import { link, terminal } from '../../../support/records.js';
import { fetched } from '../support/fetched.js';
import { centre, focusIsIn, part, waitFor } from '../support/interaction.js';
import type { FrameWindow } from './chunk-support.js';

const EDITING_CHUNK = /\/user-message\/message-editing\.(?:ts|js)\b/;

/** The message's own page in a frame whose editing chunk cannot be loaded. */
async function pageWithoutEditingChunk(): Promise<{ frame: HTMLIFrameElement; win: FrameWindow }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position: fixed; inset: 0; inline-size: 600px; block-size: 400px; border: 0';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = new URL('./fixtures/unloadable-chunks.html', import.meta.url).href;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  await waitFor(
    () => !!win.customElements.get('t3-composer') && !!win.consoleErrors,
    'the elements in the frame',
    5000,
  );
  return { frame, win };
}

/** A point of the frame's element in this page's coordinates (the frame sits at the top left). */
function inFrame(frame: HTMLIFrameElement, target: Element): { type: 'click' | 'move'; position: [number, number] } {
  const [x, y] = centre(target);
  const box = frame.getBoundingClientRect();
  return { type: 'move', position: [Math.round(box.left + x), Math.round(box.top + y)] };
}

// First in this file: the page has not loaded the editing chunk before these run.
describe('<t3-user-message editable>: the editing code loads only when an edit starts', () => {
  it('a message with its Edit control loads none of it; Edit loads it and opens the editor with focus', async () => {
    const message = await fixture<T3UserMessage>(
      html`<t3-user-message
        editable
        .text=${`Check ${link(terminal)} please`}
        .context=${{ version: 1, records: [terminal] }}
      ></t3-user-message>`,
    );
    await message.updateComplete;
    const edit = part(message, 'edit-button')!;
    expect(edit, 'the Edit control').to.exist;
    expect(fetched(EDITING_CHUNK), 'the editing chunk before Edit').to.equal(false);

    await sendMouse({ type: 'move', position: centre(part(message, 'base')!) });
    await waitFor(() => getComputedStyle(edit).opacity === '1', 'the Edit control to show');
    await sendMouse({ type: 'click', position: centre(edit) });
    await message.updateComplete;
    expect(fetched(EDITING_CHUNK)).to.equal(true);
    expect(message.editing).to.equal(true);
    const editor = part(message, 'editor')!;
    expect(editor.localName).to.equal('t3-composer');
    await waitFor(() => focusIsIn(editor), 'focus in the inline composer');
    // The editor's styles came with its chunk: the buttons row is laid out as a flex row.
    expect(getComputedStyle(part(message, 'edit-actions')!).display).to.equal('flex');
    await sendKeys({ press: 'Escape' });
    await message.updateComplete;
    expect(message.editing).to.equal(false);
    await waitFor(() => message.shadowRoot!.activeElement === part(message, 'edit-button'), 'focus back on Edit');
  });
});

describe('<t3-user-message editable>: an editing chunk that cannot be loaded', () => {
  it('leaves the message as it is, with the Edit control, says so in the console, and the next Edit tries again', async () => {
    const { frame, win } = await pageWithoutEditingChunk();
    try {
      const message = win.document.createElement('t3-user-message');
      message.editable = true;
      message.text = 'Nothing of this is lost';
      win.document.body.append(message);
      await message.updateComplete;

      expect(message.edit(), 'the edit waits for its chunk').to.equal(true);
      await message.updateComplete;
      expect(message.editing).to.equal(false);
      expect(part(message, 'editor')).to.equal(null);
      expect(part(message, 'body')!.textContent).to.equal('Nothing of this is lost');
      expect(win.consoleErrors.filter((error) => error.includes('editor could not be loaded'))).to.have.length(1);

      await sendMouse(inFrame(frame, part(message, 'base')!));
      const edit = part(message, 'edit-button')!;
      await sendMouse({ ...inFrame(frame, edit), type: 'click' });
      await waitFor(
        () => win.consoleErrors.filter((error) => error.includes('editor could not be loaded')).length === 2,
        'a second try',
      );
      await message.updateComplete;
      expect(message.editing).to.equal(false);
      expect(part(message, 'body')!.textContent).to.equal('Nothing of this is lost');
      expect(message.shadowRoot!.activeElement, 'focus stays on Edit').to.equal(edit);
    } finally {
      frame.remove();
    }
  });
});
