import { rejectionMessage } from '../../shared/extendable-event.js';
import { formatMessage, type T3Locale } from '../../shared/locale.js';

/** Where a refused send's draft went: back into the composer, back into the queue, or to the stash. */
export type RefusedPlace = 'composer' | 'queue' | 'stash';

/** The one notice a refused send gets: that it was not sent, the host's reason if it gave one, and where it is now. */
export function notSentNotice(locale: T3Locale, reason: unknown, place: RefusedPlace): string {
  const message = rejectionMessage(reason);
  const notSent = message ? formatMessage(locale.notSentBecause, { message }) : locale.notSent;
  const where = { composer: locale.backInComposer, queue: locale.backInQueue, stash: locale.keptInStash }[place];
  return `${notSent} ${where}`;
}
