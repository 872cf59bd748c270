import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/define.js';
import type { Citation } from '../../../src/core/index.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { centre, part, waitFor } from '../support/interaction.js';

// Served unbundled, the page fetches more modules than the default buffer keeps timings of.
performance.setResourceTimingBufferSize(10_000);

const quote: Citation = {
  version: 1,
  environmentId: 'env',
  threadId: 'thread-1',
  messageId: 'reply-1',
  text: 'Caching the parsed config avoids reading it on each request.',
  start: 10,
  end: 70,
  prefix: 'In short: ',
  suffix: ' Next,',
};

/** Whether this page has fetched the comment form's module. */
function commentFormFetched(): boolean {
  return performance
    .getEntriesByType('resource')
    .some((entry) => /\/context-chip\/citation-comment-editor\.(?:ts|js)\b/.test(entry.name));
}

type FrameWindow = Window & typeof globalThis & { consoleErrors: string[] };

/** A page in a frame whose chunks loaded on demand cannot be loaded. */
async function pageWithoutChunks(): Promise<{ frame: HTMLIFrameElement; win: FrameWindow }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position: fixed; inset: 0; inline-size: 600px; block-size: 400px; border: 0';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = new URL('../user-message/fixtures/unloadable-chunks.html', import.meta.url).href;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as FrameWindow;
  await waitFor(() => !!win.customElements.get('t3-context-chip') && !!win.consoleErrors, 'the frame', 5000);
  return { frame, win };
}

/** Where to click an element of the frame, in this page's coordinates. */
function clickInFrame(frame: HTMLIFrameElement, target: Element): { type: 'click'; position: [number, number] } {
  const [x, y] = centre(target);
  const box = frame.getBoundingClientRect();
  return { type: 'click', position: [Math.round(box.left + x), Math.round(box.top + y)] };
}

// First in this file: the page has not loaded the comment form before these run.
describe('<t3-context-chip kind="citation">: the comment form loads only when Edit comment is used', () => {
  it('a citation chip in a message has no Edit comment control and loads no comment form', async () => {
    const chip = await fixture<T3ContextChip>(
      html`<t3-context-chip kind="citation" .citation=${quote}></t3-context-chip>`,
    );
    await chip.updateComplete;
    expect(part(chip, 'edit-button')).to.equal(null);
    expect(commentFormFetched()).to.equal(false);
  });

  it('a citation chip in the composer loads it on Edit comment and opens it with focus in its field', async () => {
    const chip = await fixture<T3ContextChip>(
      html`<t3-context-chip kind="citation" placement="composer" removable .citation=${quote}></t3-context-chip>`,
    );
    const edit = part(chip, 'edit-button')!;
    expect(edit.getAttribute('aria-expanded')).to.equal('false');
    expect(commentFormFetched(), 'before Edit comment').to.equal(false);
    await sendMouse({ type: 'click', position: centre(edit) });
    await waitFor(() => !!part(chip, 'comment-editor'), 'the comment form');
    expect(commentFormFetched()).to.equal(true);
    const form = part(chip, 'comment-editor')!;
    const field = form.querySelector('textarea')!;
    await waitFor(() => chip.shadowRoot!.activeElement === field, 'focus in the comment field');
    expect(edit.getAttribute('aria-expanded')).to.equal('true');
    // The form's styles came with its chunk: it is laid out beside the chip, in the top layer.
    expect(getComputedStyle(form).position).to.equal('fixed');
    expect(form.matches(':popover-open')).to.equal(true);
  });
});

describe('<t3-context-chip kind="citation">: a comment form that cannot be loaded', () => {
  it('leaves the chip as it is, says so in the console, and the next Edit comment tries again', async () => {
    const { frame, win } = await pageWithoutChunks();
    try {
      const chip = win.document.createElement('t3-context-chip');
      chip.kind = 'citation';
      chip.placement = 'composer';
      chip.removable = true;
      chip.citation = quote;
      win.document.body.append(chip);
      await chip.updateComplete;
      const failures = () => win.consoleErrors.filter((error) => error.includes('comment form could not be loaded'));

      const edit = part(chip, 'edit-button')!;
      await sendMouse(clickInFrame(frame, edit));
      await waitFor(() => failures().length === 1, 'the failure in the console');
      await chip.updateComplete;
      expect(part(chip, 'comment-editor')).to.equal(null);
      expect(edit.getAttribute('aria-expanded')).to.equal('false');
      expect(part(chip, 'label')!.textContent).to.equal(quote.text);

      await sendMouse(clickInFrame(frame, edit));
      await waitFor(() => failures().length === 2, 'a second try');
      expect(part(chip, 'comment-editor')).to.equal(null);
    } finally {
      frame.remove();
    }
  });
});
