/** A fresh local id (an attachment's, a stash or queue entry's): 24 hex characters, valid in the id grammar. */
export function newLocalId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
