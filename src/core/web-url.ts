/**
 * The WHATWG `URL` and `URLSearchParams` that every runtime the core supports provides (browsers,
 * Node, workers), typed here because the core compiles without the DOM library.
 */

export interface QueryParams {
  readonly size: number;
  get(name: string): string | null;
  getAll(name: string): string[];
  set(name: string, value: string): void;
  toString(): string;
}

export interface ParsedUrl {
  readonly protocol: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly username: string;
  readonly password: string;
  readonly port: string;
  readonly hash: string;
  readonly searchParams: QueryParams;
}

interface UrlGlobals {
  URL: new (href: string) => ParsedUrl;
  URLSearchParams: new (init: Record<string, string>) => QueryParams;
}

/** Parses an absolute URL; throws on an invalid one, as `new URL` does. */
export function parseUrl(href: string): ParsedUrl {
  return new (globalThis as unknown as UrlGlobals).URL(href);
}

/** `application/x-www-form-urlencoded` query parameters, in the given key order. */
export function queryParams(init: Record<string, string>): QueryParams {
  return new (globalThis as unknown as UrlGlobals).URLSearchParams(init);
}
