// Served unbundled, a test page fetches more modules than the default buffer keeps timings of.
performance.setResourceTimingBufferSize(10_000);

/** Whether `win` has fetched a module (or any resource) whose address matches `pattern`. */
export function fetched(pattern: RegExp, win: Window = window): boolean {
  return win.performance.getEntriesByType('resource').some((entry) => pattern.test(entry.name));
}
