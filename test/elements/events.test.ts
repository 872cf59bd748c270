import { expect, fixture, html } from '@open-wc/testing';
import type { ComponentProps } from 'react';
import { emit, type T3EventName, type T3Events } from '../../src/elements/shared/events.js';
import type { T3Composer, T3ContextChip } from '../../src/react/index.js';

/** Compile-time checks, run by `npm run typecheck`: the map is the only source of names and details. */
function typeChecks(element: HTMLElement): void {
  // @ts-expect-error an event name the package does not declare is refused
  emit(element, 't3-unknown', {});
  // @ts-expect-error a detail that does not match the name's type is refused
  emit(element, 't3-chip-remove', { kind: 'file' });
  element.addEventListener('t3-submit', (event) => {
    const text: string = event.detail.text;
    const files: File[] = event.detail.attachments.map((attachment) => attachment.file);
    void [text, files];
  });
  type SubmitProp = NonNullable<ComponentProps<typeof T3Composer>['onSubmit']>;
  const onSubmit: SubmitProp = (event) => void event.detail.prompt;
  type RemoveProp = NonNullable<ComponentProps<typeof T3ContextChip>['onChipRemove']>;
  const onRemove: RemoveProp = (event) => void event.detail.contextId;
  type ComposerProps = ComponentProps<typeof T3Composer>;
  const onStop: NonNullable<ComposerProps['onStop']> = (event) => void (event.detail satisfies Record<string, never>);
  const onQueueChange: NonNullable<ComposerProps['onQueueChange']> = (event) =>
    void event.detail.queue.map((entry) => [entry.submission.inputAnnotations, entry.draft.text]);
  const onStashChange: NonNullable<ComposerProps['onStashChange']> = (event) => void event.detail.stashes.length;
  const onDraftRestore: NonNullable<ComposerProps['onDraftRestore']> = (event) => void event.detail.draft.text;
  element.addEventListener('t3-submit', (event) => void (event.detail.queued satisfies boolean | undefined));
  const names: T3EventName[] = [
    't3-chip-activate',
    't3-chip-remove',
    't3-submit',
    't3-attachment-remove',
    't3-stop',
    't3-queue-change',
  ];
  void [onSubmit, onRemove, onStop, onQueueChange, onStashChange, onDraftRestore, names, {} as T3Events];
}

describe('emit', () => {
  it('dispatches a bubbling, composed event out of a shadow root, cancelable only when asked', async () => {
    const host = await fixture<HTMLDivElement>(html`<div></div>`);
    const inner = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('span'));
    const seen: CustomEvent[] = [];
    document.body.addEventListener('t3-chip-remove', (event) => seen.push(event));
    document.body.addEventListener('t3-chip-remove', (event) => event.preventDefault(), { once: true });

    const first = emit(inner, 't3-chip-remove', { kind: 'file', contextId: 'file_1' }, { cancelable: true });
    const second = emit(inner, 't3-chip-remove', { kind: 'file', contextId: 'file_2' });

    expect(first).to.equal(false);
    expect(second).to.equal(true);
    expect(seen.map((event) => [event.detail.contextId, event.composed, event.cancelable, event.target])).to.deep.equal(
      [
        ['file_1', true, true, host],
        ['file_2', true, false, host],
      ],
    );
    expect(typeof typeChecks).to.equal('function');
  });
});
