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
 * The submissions sent with `waitUntil`, each kept with its draft (and the key it was written
 * under) until its promise settles. The composer is `sending` while any is: it reflects the
 * attribute, and `t3-sending-change` fires on each change.
 */
export class SubmissionsInFlight {
  private readonly flights = new Map<ComposerDraft, string | undefined>();

  constructor(private readonly options: InFlightOptions) {}

  get sending(): boolean {
    return this.flights.size > 0;
  }

  /** The drafts in flight that were written under `key`, oldest first: stored with its record until they settle. */
  draftsOf(key: string): ComposerDraft[] {
    return [...this.flights].flatMap(([draft, flightKey]) => (flightKey === key ? [draft] : []));
  }

  track(draft: ComposerDraft, settled: Promise<unknown>, end: FlightEnd): void {
    this.flights.set(draft, this.options.currentKey());
    if (this.flights.size === 1) this.changed();
    settled.then(
      () => this.land(draft, true, () => end.done()),
      (reason: unknown) => this.land(draft, false, () => end.failed(reason)),
    );
  }

  private land(draft: ComposerDraft, stored: boolean, end: () => void): void {
    const key = this.flights.get(draft);
    this.flights.delete(draft);
    if (key !== undefined && key !== this.options.currentKey()) this.options.settledElsewhere(key, draft, stored);
    else end();
    if (this.flights.size > 0) return;
    this.changed();
    if (!this.options.host.busy) this.options.idle();
  }

  private changed(): void {
    const { host } = this.options;
    host.toggleAttribute('sending', this.sending);
    host.requestUpdate();
    emit(host, 't3-sending-change', { sending: this.sending });
  }
}
