import { fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { ContextRecord } from '../../src/core/index.js';
import { centre, part, waitFor } from './support/interaction.js';

export const UNRESOLVED_TOOLTIP = 'This context is no longer available. Remove it or attach it again.';

export async function chipFor(record: ContextRecord | undefined, extra: Partial<T3ContextChip> = {}) {
  const chip = await fixture<T3ContextChip>(
    html`<t3-context-chip
      kind=${record?.kind ?? 'file'}
      context-id=${record?.contextId ?? 'gone'}
      label=${record?.label ?? 'gone.ts'}
      .record=${record}
    ></t3-context-chip>`,
  );
  Object.assign(chip, extra);
  await chip.updateComplete;
  return chip;
}

export async function hover(target: Element) {
  await sendMouse({ type: 'move', position: centre(target) });
}

export async function click(target: Element) {
  await sendMouse({ type: 'click', position: centre(target) });
}

export async function openDetailsByHover(chip: T3ContextChip): Promise<HTMLElement> {
  await hover(part(chip, 'base')!);
  await chip.updateComplete;
  const details = part(chip, 'details')!;
  await waitFor(() => details.matches(':popover-open'), 'the details to open');
  return details;
}

/** Focus from the keyboard: Tab from a button placed before the chip. */
export async function tabInto(chip: T3ContextChip) {
  const before = document.createElement('button');
  before.textContent = 'before';
  chip.before(before);
  before.focus();
  await sendKeys({ press: 'Tab' });
}
