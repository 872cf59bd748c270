import type { T3Composer } from '../../../src/composer.js';
import { part } from '../support/interaction.js';
import { clickEditor, press, submissions, type } from './support.js';

/** A host's answer that the test settles by hand: a server that answers slowly, fails, or never answers. */
export function deferred(): { promise: Promise<void>; resolve(): void; reject(reason: unknown): void } {
  let resolve!: () => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Makes the host wait for each `t3-submit` with `waitUntil`, one answer per submission. */
export function slowHost(composer: T3Composer): ReturnType<typeof deferred>[] {
  const answers: ReturnType<typeof deferred>[] = [];
  composer.addEventListener('t3-submit', (event) => {
    const answer = deferred();
    answers.push(answer);
    event.detail.waitUntil(answer.promise);
  });
  return answers;
}

export function sendingChanges(composer: T3Composer): boolean[] {
  const list: boolean[] = [];
  composer.addEventListener('t3-sending-change', (event) => list.push(event.detail.sending));
  return list;
}

export const textOf = (entry: T3Composer['history'][number]) => ('text' in entry ? entry.text : entry.content);
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** After the host's answer: its promise settled, and the composer drew what followed. */
export async function settled(composer: T3Composer): Promise<void> {
  await settle();
  await composer.updateComplete;
}

/** "first" sent to a host that answers by hand, and "second" typed and queued while it waits. */
export async function sentAndQueued(composer: T3Composer) {
  const answers = slowHost(composer);
  const sent = submissions(composer);
  await clickEditor(composer);
  await type('first');
  await press('Enter');
  await type('second');
  await press('Enter');
  return { answers, sent };
}
export const sendButton = (composer: T3Composer) => part(composer, 'send-button') as HTMLButtonElement;
export const notice = (composer: T3Composer) => part(composer, 'notice')?.textContent?.trim() ?? '';
