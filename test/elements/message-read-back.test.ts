import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import { type FileContextRecord, formatContextReference, type ImageContextRecord } from '../../src/core/index.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3UserMessage } from '../../src/message.js';
import { image } from '../../support/records.js';
import { centre, part, waitFor } from './support/interaction.js';

/**
 * Sent chips read back what they name: an image chip's details show the image, a text file chip's
 * its first lines, read from the URL the message's `images` and `files` give for the record's
 * attachment id, and only once the details show. A URL that cannot be read leaves the details as
 * they were. The URLs here are blob URLs the page serves itself.
 */

const LINES = Array.from({ length: 60 }, (_, i) => `step ${i + 1}: <b>done</b> & <img src=x onerror=alert(1)>`);

const pasted: FileContextRecord = {
  version: 1,
  kind: 'file',
  contextId: 'file_paste',
  label: 'Pasted text 1.txt',
  attachmentId: 'att_paste',
  name: 'Pasted text 1.txt',
  mimeType: 'text/plain',
  sizeBytes: LINES.join('\n').length,
};

const link = (record: ImageContextRecord | FileContextRecord) => formatContextReference(record);

async function pngUrl(): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 40;
  canvas.height = 30;
  canvas.getContext('2d')!.fillRect(0, 0, 40, 30);
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
  return URL.createObjectURL(blob);
}

const textUrl = (text: string) => URL.createObjectURL(new Blob([text], { type: 'text/plain' }));

/** The URLs the page fetches while `run` runs. */
async function fetchesDuring(run: () => Promise<void>): Promise<string[]> {
  const original = window.fetch;
  const urls: string[] = [];
  window.fetch = (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return original(input, init);
  };
  try {
    await run();
  } finally {
    window.fetch = original;
  }
  return urls;
}

function chipsOf(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
}

/** Points at a chip, as a person would, until its details are open. */
async function lookAt(chip: T3ContextChip): Promise<HTMLElement> {
  await sendMouse({ type: 'move', position: centre(part(chip, 'base')!) });
  await waitFor(() => part(chip, 'details')?.matches(':popover-open') === true, 'the details to open');
  return part(chip, 'details')!;
}

afterEach(async () => {
  await sendMouse({ type: 'move', position: [0, 0] });
});

describe('<t3-user-message>: sent chips read back their attachments', () => {
  it('an image chip shows its image in its details, from the url of the message’s image with its attachment id', async () => {
    const src = await pngUrl();
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`see ${link(image)}`}
      .context=${{ version: 1, records: [image] }}
      .images=${[{ attachmentId: image.attachmentId, name: image.name, mimeType: image.mimeType, src }]}
    ></t3-user-message>`);
    const [chip] = chipsOf(message);
    expect(chip!.attachmentUrl).to.equal(src);
    expect(part(chip!, 'thumbnail'), 'nothing is drawn before a look').to.equal(null);

    const details = await lookAt(chip!);
    const thumbnail = details.querySelector<HTMLImageElement>('[part~="thumbnail"]')!;
    expect(thumbnail.getAttribute('src')).to.equal(src);
    await waitFor(() => thumbnail.complete && thumbnail.naturalWidth === 40, 'the image to load');
    expect(details.textContent).to.contain('shot.png');
  });

  it('a text file chip shows its first lines as text, read once its details show, and once per url', async () => {
    const href = textUrl(LINES.join('\n'));
    const files = [{ attachmentId: pasted.attachmentId, name: pasted.name, mimeType: pasted.mimeType, href }];
    let message!: T3UserMessage;
    let other!: T3UserMessage;
    const onMount = await fetchesDuring(async () => {
      message = await fixture<T3UserMessage>(html`<t3-user-message
        .text=${`the log ${link(pasted)}`}
        .context=${{ version: 1, records: [pasted] }}
        .files=${files}
      ></t3-user-message>`);
      other = await fixture<T3UserMessage>(html`<t3-user-message
        .text=${`again ${link(pasted)}`}
        .context=${{ version: 1, records: [pasted] }}
        .files=${files}
      ></t3-user-message>`);
    });
    expect(onMount, 'a page of messages reads nothing').to.deep.equal([]);
    expect(message.shadowRoot!.querySelector('[part~="files"]'), 'a referenced file has no row').to.equal(null);

    let details!: HTMLElement;
    const onLook = await fetchesDuring(async () => {
      details = await lookAt(chipsOf(message)[0]!);
      await waitFor(() => details.querySelector('.text-preview') !== null, 'the first lines');
    });
    expect(onLook).to.deep.equal([href]);
    expect(details.querySelector('.line-count')!.textContent).to.equal('60 lines');
    const lines = [...details.querySelectorAll('.text-preview .line:not(.more)')].map((line) =>
      line.textContent!.replace(/^\d+/, ''),
    );
    expect(lines).to.deep.equal(LINES.slice(0, 5));
    expect(details.querySelector('.text-preview .more'), 'more lines follow').to.not.equal(null);
    expect(details.querySelector('b, img'), 'the text is text, never HTML').to.equal(null);

    const again = await fetchesDuring(async () => {
      const otherDetails = await lookAt(chipsOf(other)[0]!);
      await waitFor(() => otherDetails.querySelector('.text-preview') !== null, 'the first lines');
    });
    expect(again, 'the same url is read once').to.deep.equal([]);
  });

  it('reads a url the host sets after the text: files given later reach the chips', async () => {
    const href = textUrl('one\ntwo');
    const record = { ...pasted, contextId: 'file_later', attachmentId: 'att_later' };
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`later ${link(record)}`}
      .context=${{ version: 1, records: [record] }}
    ></t3-user-message>`);
    expect(chipsOf(message)[0]!.attachmentUrl).to.equal(undefined);
    message.files = [{ attachmentId: 'att_later', name: record.name, mimeType: 'text/plain', href }];
    await message.updateComplete;
    expect(chipsOf(message)[0]!.attachmentUrl).to.equal(href);
    const details = await lookAt(chipsOf(message)[0]!);
    await waitFor(() => details.querySelector('.line-count')?.textContent === '2 lines', 'the first lines');
  });

  it('a url that cannot be read leaves the details as they were: name, type and size', async () => {
    const gone = textUrl('never read');
    URL.revokeObjectURL(gone);
    const brokenImage = textUrl('not an image');
    const record = { ...pasted, contextId: 'file_gone', attachmentId: 'att_gone' };
    const picture = { ...image, contextId: 'img_gone', attachmentId: 'att_img_gone' };
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`gone ${link(record)} and ${link(picture)}`}
      .context=${{ version: 1, records: [record, picture] }}
      .files=${[{ attachmentId: 'att_gone', name: record.name, mimeType: 'text/plain', href: gone }]}
      .images=${[{ attachmentId: 'att_img_gone', name: picture.name, mimeType: 'image/png', src: brokenImage }]}
    ></t3-user-message>`);
    const [fileChip, imageChip] = chipsOf(message);

    const details = await lookAt(fileChip!);
    await waitFor(() => details.querySelector('.reading') === null, 'the read to end');
    expect(details.querySelector('.text-preview')).to.equal(null);
    expect(details.querySelector('.title')!.textContent).to.equal('Pasted text 1.txt');
    expect(details.querySelector('.meta')!.textContent).to.contain('text/plain');

    const imageDetails = await lookAt(imageChip!);
    await waitFor(() => imageDetails.querySelector('[part~="thumbnail"]') === null, 'the broken image to go');
    expect(imageDetails.querySelector('.title')!.textContent).to.equal('shot.png');
  });

  it('reads at most the first 256 KB of a file, counted in bytes: past it, the first lines and no line count', async () => {
    // 100,000 three-byte characters: 300 KB, though only 100,000 characters.
    const href = textUrl(`first line\n${'€'.repeat(100_000)}`);
    const record = { ...pasted, contextId: 'file_big', attachmentId: 'att_big' };
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`big ${link(record)}`}
      .context=${{ version: 1, records: [record] }}
      .files=${[{ attachmentId: 'att_big', name: record.name, mimeType: 'text/plain', href }]}
    ></t3-user-message>`);
    const details = await lookAt(chipsOf(message)[0]!);
    await waitFor(() => details.querySelector('.text-preview') !== null, 'the first lines');
    expect(details.querySelector('.line-count'), 'no line count for a file read in part').to.equal(null);
    expect(details.querySelector('.text-preview .line')!.textContent).to.contain('first line');
  });

  it('shows no lines of a file holding a NUL: binary under a text type', async () => {
    const href = textUrl('looks like text\u0000\u0001\u0002');
    const record = { ...pasted, contextId: 'file_nul', attachmentId: 'att_nul' };
    const message = await fixture<T3UserMessage>(html`<t3-user-message
      .text=${`nul ${link(record)}`}
      .context=${{ version: 1, records: [record] }}
      .files=${[{ attachmentId: 'att_nul', name: record.name, mimeType: 'text/plain', href }]}
    ></t3-user-message>`);
    const details = await lookAt(chipsOf(message)[0]!);
    await waitFor(() => details.querySelector('.reading') === null, 'the read to end');
    expect(details.querySelector('.text-preview')).to.equal(null);
  });

  it('from the keyboard too: focusing a chip reads it back', async () => {
    const href = textUrl('alpha\nbeta\ngamma');
    const record = { ...pasted, contextId: 'file_keys', attachmentId: 'att_keys' };
    await fixture(html`<div>
      <button>before</button>
      <t3-user-message
        .text=${`keys ${link(record)}`}
        .context=${{ version: 1, records: [record] }}
        .files=${[{ attachmentId: 'att_keys', name: record.name, mimeType: 'text/plain', href }]}
      ></t3-user-message>
    </div>`);
    const message = document.querySelector('t3-user-message')!;
    document.querySelector('button')!.focus();
    await sendKeys({ press: 'Tab' });
    const chip = chipsOf(message)[0]!;
    await waitFor(() => part(chip, 'details')?.querySelector('.line-count')?.textContent === '3 lines', 'the lines');
  });
});
