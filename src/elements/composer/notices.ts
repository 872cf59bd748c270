import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';

/**
 * The composer's visible notice (`part="notice"`: a limit, a pending action, a failure) and its
 * polite live region, which also announces chip changes and menu results.
 */
export class Notices {
  private notice = '';
  private announcement = '';
  /** True from `show` until the current task's changes are done. */
  private fresh = false;
  /** A notice about a lasting state (the store failing): edits do not answer it. */
  private lasting = false;

  constructor(private readonly host: ReactiveControllerHost) {}

  get current(): string {
    return this.notice;
  }

  /** Shows a notice; a `lasting` one stays through edits until `dismiss` or `clear`. */
  show(message: string, { lasting = false } = {}): void {
    this.notice = message;
    this.lasting = lasting;
    this.fresh = true;
    queueMicrotask(() => (this.fresh = false));
    this.announce(message);
  }

  announce(message: string): void {
    // Re-setting the same text would not be announced again; a trailing space makes it new.
    this.announcement = this.announcement === message ? `${message} ` : message;
    this.host.requestUpdate();
  }

  /** An edit answers an older notice; one raised by this very change (a paste cut to fit) stays. */
  answeredByEdit(): void {
    if (!this.notice || this.fresh || this.lasting) return;
    this.notice = '';
    this.host.requestUpdate();
  }

  /** Takes this notice away if it is the one shown. */
  dismiss(message: string): void {
    if (this.notice === message) this.clear();
  }

  clear(): void {
    if (!this.notice) return;
    this.notice = '';
    this.host.requestUpdate();
  }

  renderNotice(): TemplateResult | typeof nothing {
    return this.notice ? html`<div part="notice" class="notice">${this.notice}</div>` : nothing;
  }

  renderLiveRegion(): TemplateResult {
    return html`<div class="announcer" aria-live="polite">${this.announcement}</div>`;
  }
}
