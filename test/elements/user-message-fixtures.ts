import { fixture, html } from '@open-wc/testing';
import '../../src/define-message.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';

/** Messages mounted from records or annotations, and what the user-message tests read of them. */
export function body(message: T3UserMessage): HTMLElement {
  return message.shadowRoot!.querySelector('[part~="body"]')!;
}

export function chips(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll('t3-context-chip')];
}

export async function renderRecords(text: string, context: unknown) {
  return fixture<T3UserMessage>(html`<t3-user-message .text=${text} .context=${context}></t3-user-message>`);
}

export async function renderAnnotations(content: string, inputAnnotations: unknown, context?: unknown) {
  return fixture<T3UserMessage>(
    html`<t3-user-message .content=${content} .inputAnnotations=${inputAnnotations} .context=${context}></t3-user-message>`,
  );
}
