const warned = new Set<string>();

/** Logs each distinct warning once per page, so a bad configuration never floods the console. */
export function warnOnce(message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  console.warn(`[t3-composer] ${message}`);
}
