/** Small helpers shared by the element tests: where to point, what to wait for, what a copy wrote. */

export function centre(target: Element): [number, number] {
  const rect = target.getBoundingClientRect();
  return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
}

/** A part inside an element's shadow root. */
export function part(host: Element, name: string): HTMLElement | null {
  return host.shadowRoot!.querySelector(`[part~="${name}"]`);
}

export async function waitFor(condition: () => boolean, what: string, timeout = 2000): Promise<void> {
  const until = performance.now() + timeout;
  while (performance.now() < until) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What the next real copy or cut wrote, read after the element's own handler ran. */
export function nextClipboardWrite(type: 'copy' | 'cut' = 'copy'): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    document.addEventListener(
      type,
      (event) => {
        const data = event.clipboardData!;
        resolve(Object.fromEntries(data.types.map((kind) => [kind, data.getData(kind)])));
      },
      { once: true },
    );
  });
}

/** Whether focus is on `host` or inside it, through shadow roots. */
export function focusIsIn(host: Element): boolean {
  let active = document.activeElement;
  while (active) {
    if (active === host) return true;
    active = active.shadowRoot?.activeElement ?? null;
  }
  return false;
}
