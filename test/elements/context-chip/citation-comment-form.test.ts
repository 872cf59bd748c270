import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import '../../../src/define.js';
import type { Citation } from '../../../src/core/index.js';
import type { T3ContextChip } from '../../../src/elements/context-chip/context-chip.js';
import { centre, part, waitFor } from '../support/interaction.js';
import { fetched } from '../support/fetched.js';

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

describe('<t3-context-chip kind="citation">: the comment form comes with the composer', () => {
  it('a page of messages loads no comment form, and its chips offer none until the composer is there', async () => {
    const frame = document.createElement('iframe');
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.src = new URL('../fixtures/message-only-page.html', import.meta.url).href;
    document.body.append(frame);
    try {
      await loaded;
      const win = frame.contentWindow! as Window & typeof globalThis & { defineComposer(): Promise<unknown> };
      await waitFor(() => !!win.customElements.get('t3-context-chip'), 'the message elements in the frame', 5000);
      const formFetched = () => fetched(/\/context-chip\/citation-comment-editor\.(?:ts|js)\b/, win);
      const composerChip = () => {
        const chip = win.document.createElement('t3-context-chip');
        Object.assign(chip, { kind: 'citation', placement: 'composer', removable: true, citation: quote });
        win.document.body.append(chip);
        return chip;
      };

      const before = composerChip();
      await before.updateComplete;
      expect(part(before, 'edit-button'), 'no Edit comment without the composer').to.equal(null);
      expect(part(before, 'remove-button'), 'the chip itself is whole').to.exist;
      expect(formFetched()).to.equal(false);

      await win.defineComposer();
      expect(formFetched(), 'the composer brings the form').to.equal(true);
      const after = composerChip();
      await after.updateComplete;
      expect(part(after, 'edit-button')?.getAttribute('aria-label')).to.equal('Edit comment');
    } finally {
      frame.remove();
    }
  });

  it('opens the form with its styles, in the top layer, with focus in its field', async () => {
    const chip = await fixture<T3ContextChip>(
      html`<t3-context-chip kind="citation" placement="composer" removable .citation=${quote}></t3-context-chip>`,
    );
    const edit = part(chip, 'edit-button')!;
    expect(edit.getAttribute('aria-expanded')).to.equal('false');
    await sendMouse({ type: 'click', position: centre(edit) });
    await waitFor(() => !!part(chip, 'comment-editor'), 'the comment form');
    const form = part(chip, 'comment-editor')!;
    await waitFor(() => chip.shadowRoot!.activeElement === form.querySelector('textarea'), 'focus in the field');
    expect(edit.getAttribute('aria-expanded')).to.equal('true');
    // The form's styles come with its module: laid out beside the chip, not in the chip's flow.
    expect(getComputedStyle(form).position).to.equal('fixed');
    expect(form.matches(':popover-open')).to.equal(true);
  });
});
