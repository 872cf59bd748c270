/**
 * A side panel that is a column on wide screens and a drawer on narrow ones: its toggle button
 * opens it over the page, focus moves into it, the rest of the page is inert while it is open,
 * and Escape, the toggle, a tap on the backdrop or a choice made in it close it and give focus
 * back. Whether it is a drawer now is the page's stylesheet's call: the toggle is shown only then.
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
    const first = this.panel.querySelector<HTMLElement>('[aria-current="page"], a[href], button, select, input');
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
