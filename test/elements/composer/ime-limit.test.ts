import { expect, html } from '@open-wc/testing';
import { part } from '../support/interaction.js';
import { clickEditor, composerFixture, content, imeCommit, imeCompose, type, waitFor } from './support.js';

describe('<t3-composer> max-length during an IME composition', () => {
  it('lets the composition run and cuts what it committed to fit, with a notice', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" max-length="5"></t3-composer>`);
    await clickEditor(composer);
    await type('abc');
    for (const step of ['に', 'にほ', 'にほん', '日本語']) await imeCompose(step);
    await imeCommit('日本語');
    await waitFor(() => composer.value.text === 'abc日本', 'the composed text cut to fit');
    expect(content(composer).textContent).to.equal('abc日本');
    await composer.updateComplete;
    expect(part(composer, 'notice')?.textContent).to.contain('5');
    await type('x');
    expect(composer.value.text).to.equal('abc日本');
  });

  it('keeps a composition that fits whole', async () => {
    const composer = await composerFixture(html`<t3-composer label="m" max-length="6"></t3-composer>`);
    await clickEditor(composer);
    await type('abc');
    await imeCompose('にほん');
    await imeCompose('日本語');
    await imeCommit('日本語');
    await waitFor(() => composer.value.text === 'abc日本語', 'the composed text');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(composer.value.text).to.equal('abc日本語');
    expect(part(composer, 'notice')).to.equal(null);
  });
});
