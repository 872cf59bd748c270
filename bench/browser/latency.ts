/**
 * Key latency in the page: from a key's keydown to the draft's DOM update (each editor reports its
 * change), and on to the laid-out frame after it.
 */

function forceLayout(): void {
  void document.body.offsetHeight;
}

/** One key press: keydown to the draft's DOM update, and keydown to the laid-out frame after it. */
export interface KeyLatency {
  toUpdate: number;
  toFrame: number;
}

let keydownAt: number | undefined;
const latencies: KeyLatency[] = [];
const latencyWaiters: ((latency: KeyLatency) => void)[] = [];

window.addEventListener('keydown', () => (keydownAt = performance.now()), true);

/** The draft changed in the DOM: the key's latency ends in the next frame, once layout is done. */
export function draftUpdated(): void {
  const start = keydownAt;
  if (start === undefined) return;
  keydownAt = undefined;
  const toUpdate = performance.now() - start;
  requestAnimationFrame(() => {
    forceLayout();
    const latency = { toUpdate, toFrame: performance.now() - start };
    const waiter = latencyWaiters.shift();
    if (waiter) waiter(latency);
    else latencies.push(latency);
  });
}

/** The latency of the next key press that changed a draft, once it is known. */
export function takeLatency(timeoutMs = 10_000): Promise<KeyLatency> {
  const ready = latencies.shift();
  if (ready !== undefined) return Promise.resolve(ready);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('a key press did not change the draft')), timeoutMs);
    latencyWaiters.push((latency) => {
      clearTimeout(timer);
      resolve(latency);
    });
  });
}

/**
 * Forgets a pending keydown and any latency not yet taken: the page is about to change a draft
 * itself (peers report programmatic changes too), which must not count as the last key's.
 */
export function discardLatencies(): void {
  keydownAt = undefined;
  latencies.length = 0;
}
