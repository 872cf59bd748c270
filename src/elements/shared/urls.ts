/**
 * URL policies. Each strips whitespace and control characters first (browsers ignore them inside
 * a scheme, so `java\tscript:` would otherwise slip through) and then checks the scheme.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what this must find
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\u2060\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function normalize(url: string): string {
  return url.replace(IGNORED_IN_URLS, '');
}

function schemeOf(url: string): string | null {
  return SCHEME.exec(url)?.[1]?.toLowerCase() ?? null;
}

/** Icons and host images: `https:`, `http:`, `blob:`, `data:image/…` or relative. */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const url = normalize(value);
  const scheme = schemeOf(url);
  const allowed =
    scheme === null ||
    scheme === 'http' ||
    scheme === 'https' ||
    scheme === 'blob' ||
    (scheme === 'data' && /^data:image\/[a-z0-9.+-]+[;,]/i.test(url));
  return allowed ? value.trim() : undefined;
}

/** Links in rendered Markdown: absolute `http:`, `https:` and `mailto:` only. */
export function safeLinkUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = normalize(value);
  const scheme = schemeOf(url);
  if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto') return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${scheme}:` ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
