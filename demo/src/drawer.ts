/**
 * A side panel shown as a drawer: its toggle button opens it over the page, focus moves into it,
 * the rest of the page is inert while it is open, and Escape, the toggle, its close button
 * (`data-drawer-close`), a tap on the backdrop or a choice made in it close it and give focus back.
 * Whether a panel is a drawer now is the page's stylesheet's call: the toggle is shown only then
 * (the threads are a column on wide screens; the tools are a drawer at every width).
 */
export class Drawer {
  private static openOne: Drawer | null = null;

  constructor(
    private readonly toggle: HTMLButtonElement,
    private readonly panel: HTMLElement,
    private readonly backdrop: HTMLElement,
    /** What stays outside the drawer and turns inert while it is open. */
    private readonly outside: () => readonly HTMLElement[],
  ) {
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', panel.id);
    toggle.addEventListener('click', () => (this.isOpen ? this.close() : this.open()));
    panel.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !this.isOpen) return;
      event.preventDefault();
      event.stopPropagation();
      this.close();
    });
    panel.querySelector('[data-drawer-close]')?.addEventListener('click', () => this.close());
    backdrop.addEventListener('click', () => {
      if (this.isOpen) this.close();
    });
    // Grown back into a column (a rotation, a wider window): nothing stays inert.
    new ResizeObserver(() => {
      if (this.isOpen && !this.isDrawer) this.close({ returnFocus: false });
    }).observe(document.documentElement);
  }

  get isOpen(): boolean {
    return this.panel.classList.contains('open');
  }

  /** A drawer now, not a column: its toggle is shown. */
  get isDrawer(): boolean {
    return this.toggle.getClientRects().length > 0;
  }

  open(): void {
    Drawer.openOne?.close({ returnFocus: false });
    Drawer.openOne = this;
    this.panel.classList.add('open');
    this.backdrop.hidden = false;
    this.toggle.setAttribute('aria-expanded', 'true');
    for (const element of this.outside()) element.inert = true;
    // The current entry, else the first control (its close button is for pointers and last resorts).
    const first =
      this.panel.querySelector<HTMLElement>('[aria-current="page"]') ??
      this.panel.querySelector<HTMLElement>(':is(a[href], button, select, input):not([data-drawer-close])');
    (first ?? this.panel).focus();
  }

  /** Closes it; focus goes back to the toggle unless the caller moves it elsewhere. */
  close({ returnFocus = true } = {}): void {
    if (!this.isOpen) return;
    if (Drawer.openOne === this) Drawer.openOne = null;
    this.panel.classList.remove('open');
    this.backdrop.hidden = true;
    this.toggle.setAttribute('aria-expanded', 'false');
    for (const element of this.outside()) element.inert = false;
    if (returnFocus) this.toggle.focus();
  }
}
