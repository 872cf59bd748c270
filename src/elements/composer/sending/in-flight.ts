import type { ComposerDraft } from '../../shared/draft-values.js';
import { emit } from '../../shared/events.js';
import type { ComposerHost } from '../editor/composer-context.js';

/** What to do when a submission in flight settles. */
export interface FlightEnd {
  /** The host's promise fulfilled: the submission is done. */
  done(): void;
  /** It rejected: the draft goes back where it came from. */
  failed(reason: unknown): void;
}

export interface InFlightOptions {
  host: ComposerHost;
  /** After a settle that leaves the composer neither busy nor sending. */
  idle(): void;
  /** The `draft-key` drafts are saved under now. */
  currentKey(): string | undefined;
  /** A send made under another key settled (the composer switched keys meanwhile): that key's record follows it. */
  settledElsewhere(key: string, draft: ComposerDraft, stored: boolean): void;
}

/**
 * The submissions sent with `waitUntil`, each kept with its draft (and the draft key it was written
 * under) until its promise settles. The composer is `sending` while one of the draft key shown is:
 * it reflects the attribute, and `t3-sending-change` fires on each change, a key switch included.
 */
export class SubmissionsInFlight {
  private readonly flights = new Map<ComposerDraft, string | undefined>();
  /** What was last said: the attribute and the last `t3-sending-change`. */
  private said = false;

  constructor(private readonly options: InFlightOptions) {}

  get sending(): boolean {
    for (const key of this.flights.values()) if (this.isShown(key)) return true;
    return false;
  }

  /** The drafts in flight that were written under `key`, oldest first: stored with its record until they settle. */
  draftsOf(key: string): ComposerDraft[] {
    return [...this.flights].flatMap(([draft, flightKey]) => (flightKey === key ? [draft] : []));
  }

  track(draft: ComposerDraft, settled: Promise<unknown>, end: FlightEnd): void {
    this.flights.set(draft, this.options.currentKey());
    this.refresh();
    settled.then(
      () => this.land(draft, true, () => end.done()),
      (reason: unknown) => this.land(draft, false, () => end.failed(reason)),
    );
  }

  /** Says whether the composer is sending, when that changed: a flight started or landed, or the draft key changed. */
  refresh(): void {
    const sending = this.sending;
    if (sending === this.said) return;
    this.said = sending;
    const { host } = this.options;
    host.toggleAttribute('sending', sending);
    host.requestUpdate();
    emit(host, 't3-sending-change', { sending });
  }

  private land(draft: ComposerDraft, stored: boolean, end: () => void): void {
    const key = this.flights.get(draft);
    this.flights.delete(draft);
    const shown = this.isShown(key);
    if (shown) end();
    else this.options.settledElsewhere(key!, draft, stored);
    this.refresh();
    // The draft key shown is idle now: its queue may go on (another key's flight says nothing about it).
    if (shown && !this.sending && !this.options.host.busy) this.options.idle();
  }

  /** Whether a flight belongs to the draft key shown (one sent without a key belongs to any). */
  private isShown(key: string | undefined): boolean {
    return key === undefined || key === this.options.currentKey();
  }
}
