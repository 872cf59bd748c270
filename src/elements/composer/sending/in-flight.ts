import type { ComposerDraft } from '../../shared/composer-values.js';
import { emit } from '../../shared/events.js';
import type { ComposerHost } from '../editor/composer-context.js';

/** What to do when a submission in flight settles; each is given the flight's draft as it is then. */
export interface FlightEnd {
  /** The host's promise fulfilled: the submission is done. */
  done(draft: ComposerDraft): void;
  /** It rejected: the draft goes back where it came from. */
  failed(reason: unknown, draft: ComposerDraft): void;
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
 * One submission in flight. Until `t3-submit` goes out it may wait for its files' uploads
 * (`stop` ends that wait); its draft becomes the uploaded one once they are done.
 */
export interface Flight {
  draft: ComposerDraft;
  readonly key: string | undefined;
  /** Set while the send waits for uploads, before `t3-submit`: ends the wait, and the draft comes back. */
  stop?: (reason: unknown) => void;
}

/**
 * The submissions sent with `waitUntil`, or waiting for their uploads before `t3-submit`, each kept
 * with its draft (and the draft key it was written under) until it settles. The composer is
 * `sending` while one of the draft key shown is: it reflects the attribute, and `t3-sending-change`
 * fires on each change, a key switch included.
 */
export class SubmissionsInFlight {
  private readonly flights = new Set<Flight>();
  /** What was last said: the attribute and the last `t3-sending-change`. */
  private said = false;

  constructor(private readonly options: InFlightOptions) {}

  get sending(): boolean {
    for (const flight of this.flights) if (this.isShown(flight.key)) return true;
    return false;
  }

  /** The sends of the draft key shown that still wait for their uploads. */
  get waiting(): Flight[] {
    return [...this.flights].filter((flight) => flight.stop && this.isShown(flight.key));
  }

  /** The drafts in flight that were written under `key`, oldest first: stored with its record until they settle. */
  draftsOf(key: string): ComposerDraft[] {
    return [...this.flights].flatMap((flight) => (flight.key === key ? [flight.draft] : []));
  }

  /** The files of the sends waiting for their uploads: those uploads go on. */
  *waitingFiles(): Iterable<File> {
    for (const flight of this.flights)
      if (flight.stop) for (const attachment of flight.draft.attachments) yield attachment.file;
  }

  /** Files of sends waiting for their uploads finished: their drafts carry the host's ids; true when one changed. */
  takeUploads(uploaded: (draft: ComposerDraft) => ComposerDraft): boolean {
    let changed = false;
    for (const flight of this.flights) {
      if (!flight.stop) continue;
      const draft = uploaded(flight.draft);
      changed ||= draft !== flight.draft;
      flight.draft = draft;
    }
    return changed;
  }

  track(draft: ComposerDraft, settled: Promise<unknown>, end: FlightEnd, stop?: Flight['stop']): Flight {
    const flight: Flight = { draft, key: this.options.currentKey(), ...(stop && { stop }) };
    this.flights.add(flight);
    this.refresh();
    settled.then(
      () => this.land(flight, true, () => end.done(flight.draft)),
      (reason: unknown) => this.land(flight, false, () => end.failed(reason, flight.draft)),
    );
    return flight;
  }

  /** Ends the waits for uploads of the draft key shown (Stop), or of every key; true when there was one. */
  stopWaiting(reason: unknown, { allKeys = false } = {}): boolean {
    const waiting = allKeys ? [...this.flights].filter((flight) => flight.stop) : this.waiting;
    for (const flight of waiting) flight.stop?.(reason);
    return waiting.length > 0;
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

  private land(flight: Flight, stored: boolean, end: () => void): void {
    this.flights.delete(flight);
    const shown = this.isShown(flight.key);
    if (shown) end();
    else this.options.settledElsewhere(flight.key!, flight.draft, stored);
    this.refresh();
    // The draft key shown is idle now: its queue may go on (another key's flight says nothing about it).
    if (shown && !this.sending && !this.options.host.busy) this.options.idle();
  }

  /** Whether a flight belongs to the draft key shown (one sent without a key belongs to any). */
  private isShown(key: string | undefined): boolean {
    return key === undefined || key === this.options.currentKey();
  }
}
