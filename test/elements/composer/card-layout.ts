import { expect } from '@open-wc/testing';
import type { T3Composer } from '../../../src/elements/composer/composer.js';
import { part } from '../support/interaction.js';

/** The composer's card inside its border and padding. */
function inside(composer: T3Composer): { left: number; right: number } {
  const base = part(composer, 'base')!;
  const box = base.getBoundingClientRect();
  const style = getComputedStyle(base);
  return {
    left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
    right: box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
  };
}

/**
 * The composer is a card: the editor spans it on its own row, and `tools` (in reading order,
 * the first at the row's start, the last at its end) sit on one row beneath it.
 */
export function expectCard(composer: T3Composer, tools: readonly Element[]): void {
  const card = inside(composer);
  const editor = part(composer, 'editor')!.getBoundingClientRect();
  expect(editor.left, 'the editor’s left edge').to.be.closeTo(card.left, 1);
  expect(editor.right, 'the editor’s right edge').to.be.closeTo(card.right, 1);
  const boxes = tools.map((tool) => tool.getBoundingClientRect());
  for (const [index, box] of boxes.entries())
    expect(box.top, `tool ${index + 1} below the editor`).to.be.at.least(editor.bottom - 0.5);
  const middles = boxes.map((box) => box.top + box.height / 2);
  expect(Math.max(...middles) - Math.min(...middles), 'the tools on one row').to.be.at.most(1);
  const rtl = getComputedStyle(composer).direction === 'rtl';
  const starts = boxes.map((box) => (rtl ? -box.right : box.left));
  expect(starts, 'the tools in reading order').to.deep.equal([...starts].sort((a, b) => a - b));
  // The first at the row's start, the last at its end, each within the card's rounding.
  const [first, last] = [boxes[0]!, boxes.at(-1)!];
  expect(rtl ? card.right - first.right : first.left - card.left, 'the first tool at the start').to.be.below(16);
  expect(rtl ? last.left - card.left : card.right - last.right, 'the last tool at the end').to.be.below(16);
}
