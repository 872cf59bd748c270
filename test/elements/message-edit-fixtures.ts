import { expect, fixture, html } from '@open-wc/testing';
import type { ComponentProps } from 'react';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define.js';
import type { T3Composer } from '../../src/elements/composer/composer.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { EditDetail } from '../../src/elements/shared/events.js';
import type { T3UserMessage as ReactUserMessage } from '../../src/react/message.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import { link, terminal } from '../../support/records.js';
import { centre, focusIsIn, part, waitFor } from './support/interaction.js';

export const recordText = `Check ${link(terminal)} please`;
export const recordContext = { version: 1 as const, records: [terminal] };

export function editButton(message: T3UserMessage): HTMLElement | null {
  return part(message, 'edit-button');
}

export function inlineComposer(message: T3UserMessage): T3Composer | null {
  return part(message, 'editor') as T3Composer | null;
}

export function editorChips(composer: T3Composer): T3ContextChip[] {
  return [...composer.shadowRoot!.querySelectorAll<T3ContextChip>('.cm-content t3-context-chip')];
}

export const stopListening: (() => void)[] = [];
afterEach(() => stopListening.splice(0).forEach((stop) => stop()));

/** Every `t3-edit` the message fires, and every `t3-submit` that reaches the document. */
export function listen(message: T3UserMessage) {
  const edits: EditDetail[] = [];
  const submits: Event[] = [];
  message.addEventListener('t3-edit', (event) => edits.push(event.detail));
  const onSubmit = (event: Event) => submits.push(event);
  document.addEventListener('t3-submit', onSubmit);
  stopListening.push(() => document.removeEventListener('t3-submit', onSubmit));
  return { edits, submits };
}

/** Compile-time checks, run by `npm run typecheck`: the event map and the React wrapper's `onEdit`. */
export function typeChecks(message: T3UserMessage): void {
  message.addEventListener('t3-edit', (event) => {
    const text: string = event.detail.submission.text;
    const original = event.detail.original;
    const before: string = 'text' in original ? original.text : original.content;
    event.detail.waitUntil(Promise.resolve());
    void [text, before];
  });
  const onEdit: NonNullable<ComponentProps<typeof ReactUserMessage>['onEdit']> = (event) =>
    void event.detail.submission.attachments.map((attachment) => attachment.file);
  void onEdit;
}

export async function editableMessage(text = recordText, context: unknown = recordContext): Promise<T3UserMessage> {
  const message = await fixture<T3UserMessage>(
    html`<t3-user-message editable .text=${text} .context=${context}></t3-user-message>`,
  );
  await message.updateComplete;
  return message;
}

/** Points at the message (the Edit control shows on hover) and clicks its Edit control. */
export async function clickEdit(message: T3UserMessage): Promise<T3Composer> {
  await sendMouse({ type: 'move', position: centre(part(message, 'base')!) });
  const button = editButton(message)!;
  await waitFor(() => getComputedStyle(button).opacity === '1', 'the Edit control to show');
  await sendMouse({ type: 'click', position: centre(button) });
  return openedEditor(message);
}

export async function openedEditor(message: T3UserMessage): Promise<T3Composer> {
  await message.updateComplete;
  const composer = inlineComposer(message)!;
  expect(composer, 'the inline composer').to.exist;
  await composer.updateComplete;
  await waitFor(() => focusIsIn(composer), 'focus in the inline composer');
  return composer;
}

export async function press(key: string): Promise<void> {
  await sendKeys({ press: key });
}

export async function settled(message: T3UserMessage): Promise<void> {
  await message.updateComplete;
  await new Promise((resolve) => requestAnimationFrame(resolve));
}
