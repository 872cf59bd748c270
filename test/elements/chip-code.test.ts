import { expect, fixture, html } from '@open-wc/testing';
import { executeServerCommand, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { ContextRecord } from '../../src/core/index.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import { reviewComment, terminal } from '../../support/records.js';
import { centre, part, waitFor } from './support/interaction.js';

/**
 * Code in a chip's card: long lines scroll inside the block with a fade where they go on, and a
 * review comment's diff is coloured by line in both colour schemes. Cards open on a real hover.
 */

const LONG_LINE = `$ node build.js --target=es2022 ${'--flag-that-goes-on '.repeat(12)}done`;

const longTerminal: ContextRecord = { ...terminal, lineEnd: 4, text: `npm test\n${LONG_LINE}` };
const diffComment: ContextRecord = {
  ...reviewComment,
  diff: [
    '@@ -1,3 +1,3 @@',
    ' const total = sum(items);',
    '-return round(total);',
    `+return roundHalfEven(total); ${'// '.repeat(60)}`,
  ].join('\n'),
};

/** The page's preferred colour scheme, as the system would set it. */
const prefer = (scheme: 'light' | 'dark') =>
  executeServerCommand('emulate-media-features', { features: [{ name: 'prefers-color-scheme', value: scheme }] });

async function openCard(record: ContextRecord, scheme: 'light' | 'dark' = 'light'): Promise<HTMLElement> {
  await prefer(scheme);
  const wrapper = await fixture<HTMLElement>(
    html`<p style="margin: 40px">
      See <t3-context-chip .record=${record} kind=${record.kind} label=${record.label}></t3-context-chip>
    </p>`,
  );
  const chip = wrapper.querySelector<T3ContextChip>('t3-context-chip')!;
  await chip.updateComplete;
  await sendMouse({ type: 'move', position: centre(chip) });
  const details = await new Promise<HTMLElement>((resolve) => {
    void waitFor(() => part(chip, 'details')?.matches(':popover-open') ?? false, 'the card to open').then(() =>
      resolve(part(chip, 'details')!),
    );
  });
  return details;
}

const block = (details: HTMLElement) => details.querySelector<HTMLElement>('pre.code')!;
const mask = (element: HTMLElement) => getComputedStyle(element).maskImage;

afterEach(async () => {
  await sendMouse({ type: 'move', position: [0, 0] });
  await executeServerCommand('emulate-media-features', { features: [] });
});

describe('long lines in a card', () => {
  it('scroll inside the terminal block, which fades at the edge while there is more', async () => {
    const details = await openCard(longTerminal);
    const code = block(details);
    expect(code.scrollWidth).to.be.above(code.clientWidth);
    expect(getComputedStyle(code).overflowX).to.equal('auto');
    expect(details.scrollWidth).to.equal(details.clientWidth, 'the card itself does not scroll sideways');
    await waitFor(() => code.dataset.more === 'end', 'the block to say there is more at its end');
    expect(mask(code)).to.contain('linear-gradient');

    code.scrollLeft = code.scrollWidth;
    await waitFor(() => code.dataset.more === 'start', 'the block to say there is more at its start only');
    code.scrollLeft = 40;
    await waitFor(() => code.dataset.more === 'start end', 'more on both sides');
  });

  it('a block whose lines fit shows no fade', async () => {
    const details = await openCard(terminal);
    const code = block(details);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(code.dataset.more).to.equal(undefined);
    expect(mask(code)).to.equal('none');
  });

  it('scroll inside a diff block too, with the fade', async () => {
    const details = await openCard(diffComment);
    const code = block(details);
    await waitFor(() => code.dataset.more === 'end', 'the diff to say there is more at its end');
  });
});

describe("a review comment's diff", () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`colours added, removed and context lines apart (${scheme})`, async () => {
      const details = await openCard(diffComment, scheme);
      const rows = [...details.querySelectorAll<HTMLElement>('pre.diff .line')];
      expect(rows.map((row) => row.dataset.diff)).to.deep.equal(['hunk', 'context', 'removed', 'added']);
      const [hunk, context, removed, added] = rows.map((row) => getComputedStyle(row));
      const none = 'rgba(0, 0, 0, 0)';
      expect(context!.backgroundColor).to.equal(none);
      expect(added!.backgroundColor).to.not.equal(none);
      expect(removed!.backgroundColor).to.not.equal(none);
      expect(added!.backgroundColor).to.not.equal(removed!.backgroundColor);
      expect(hunk!.color).to.not.equal(context!.color);
      // An added row's colour runs under the whole of its long line.
      expect(rows[3]!.getBoundingClientRect().width).to.be.at.least(rows[3]!.scrollWidth - 1);
      expect(details.textContent).to.contain('-return round(total);');
    });
  }

  it('uses colours of its scheme: dark rows are darker than light ones', async () => {
    const luminance = (colour: string) =>
      colour
        .match(/\d+/g)!
        .slice(0, 3)
        .reduce((sum, channel) => sum + Number(channel), 0);
    const light = await openCard(diffComment, 'light');
    const lightAdded = getComputedStyle(light.querySelector('[data-diff="added"]')!).backgroundColor;
    await sendMouse({ type: 'move', position: [0, 0] });
    const dark = await openCard(diffComment, 'dark');
    const darkAdded = getComputedStyle(dark.querySelector('[data-diff="added"]')!).backgroundColor;
    expect(luminance(darkAdded)).to.be.below(luminance(lightAdded));
  });
});
