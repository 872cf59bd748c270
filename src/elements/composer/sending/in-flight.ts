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

/**
 * The submissions sent with `waitUntil`, each kept with its draft until its promise settles. The
 * composer is `sending` while any is: it reflects the attribute, and `t3-sending-change` fires on
 * each change. `idle` runs after a settle that leaves it neither busy nor sending.
 */
export class SubmissionsInFlight {
  private readonly flights = new Set<ComposerDraft>();

  constructor(
    private readonly host: ComposerHost,
    private readonly idle: () => void,
  ) {}

  get sending(): boolean {
    return this.flights.size > 0;
  }

  /** The drafts in flight, oldest first: stored with the draft until they settle. */
  get drafts(): ComposerDraft[] {
    return [...this.flights];
  }

  track(draft: ComposerDraft, settled: Promise<unknown>, end: FlightEnd): void {
    this.flights.add(draft);
    if (this.flights.size === 1) this.changed();
    settled.then(
      () => this.land(draft, () => end.done()),
      (reason: unknown) => this.land(draft, () => end.failed(reason)),
    );
  }

  private land(draft: ComposerDraft, end: () => void): void {
    this.flights.delete(draft);
    end();
    if (this.flights.size > 0) return;
    this.changed();
    if (!this.host.busy) this.idle();
  }

  private changed(): void {
    this.host.toggleAttribute('sending', this.sending);
    this.host.requestUpdate();
    emit(this.host, 't3-sending-change', { sending: this.sending });
  }
}
