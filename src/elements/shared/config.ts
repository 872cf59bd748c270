import { createContext } from '@lit/context';
import { completeLocale, DEFAULT_LOCALE, mergedLocale, type T3Locale } from './locale.js';
import { type PresentationMap, sanitizePresentations } from './presentations.js';
import type { UploadAttachment } from './upload-types.js';
import { warnOnce } from './warnings.js';

/** Fetches the bytes of an image or file pasted from another message or draft. */
export type AssetResolver = (
  source: { environmentId: string; threadId?: string; messageId?: string },
  attachmentId: string,
) => Promise<Blob>;

/** Page-wide or per-element configuration; every key is optional and merged per key. */
export interface T3Config {
  /** Kind → icon URL (`https:`, `http:`, `blob:`, `data:image/` or relative). */
  icons?: Readonly<Record<string, string>>;
  presentations?: PresentationMap;
  environmentId?: string;
  resolveAsset?: AssetResolver;
  /** Uploads each file a composer's draft takes, as it takes it (the composers under a scope, a message's editor). */
  uploadAttachment?: UploadAttachment;
  locale?: Partial<T3Locale>;
}

/** The merged configuration an element works with: every map present, the locale complete. */
export interface ResolvedConfig {
  icons: Readonly<Record<string, string>>;
  presentations: PresentationMap;
  environmentId?: string;
  resolveAsset?: AssetResolver;
  uploadAttachment?: UploadAttachment;
  locale: T3Locale;
}

export const t3ConfigContext = createContext<ResolvedConfig | undefined>(Symbol.for('t3-composer.config'));

/** Frozen through and through: with nothing configured, every element shares it. */
const DEFAULT_CONFIG: ResolvedConfig = Object.freeze({
  icons: Object.freeze({}),
  presentations: Object.freeze({}),
  locale: DEFAULT_LOCALE,
});

/**
 * Overlays `own` on `base`, key by key and, inside the maps, kind by kind. Bad values are ignored.
 * What `own` leaves unset is `base`'s own object, and with nothing set the result is `base`
 * itself: thousands of chips take their configuration from one message or scope.
 */
export function mergeConfig(base: ResolvedConfig | undefined, own: T3Config): ResolvedConfig {
  const outer = base ?? DEFAULT_CONFIG;
  const environmentId = nonEmptyString(own.environmentId);
  const resolveAsset = typeof own.resolveAsset === 'function' ? own.resolveAsset : undefined;
  const uploadAttachment = typeof own.uploadAttachment === 'function' ? own.uploadAttachment : undefined;
  const unset = own.icons == null && own.presentations == null && own.locale == null;
  // Default strings that joined since `outer` was merged (the composer's, loaded later) fill in under it.
  const locale =
    own.locale == null ? completeLocale(outer.locale) : mergedLocale(outer.locale, stringMap(own.locale, 'locale'));
  if (unset && !environmentId && !resolveAsset && !uploadAttachment) {
    return locale === outer.locale ? outer : { ...outer, locale };
  }
  return {
    icons: own.icons == null ? outer.icons : { ...outer.icons, ...stringMap(own.icons, 'icons') },
    presentations:
      own.presentations == null
        ? outer.presentations
        : { ...outer.presentations, ...sanitizePresentations(own.presentations) },
    environmentId: environmentId ?? outer.environmentId,
    resolveAsset: resolveAsset ?? outer.resolveAsset,
    uploadAttachment: uploadAttachment ?? outer.uploadAttachment,
    locale,
  };
}

function stringMap(value: unknown, name: string): Record<string, string> {
  if (value == null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    warnOnce(`${name} must be an object of strings; ignored.`);
    return {};
  }
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') result[key] = entry;
    else warnOnce(`${name}.${key} must be a string; ignored.`);
  }
  return result;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
