/**
 * Qwen Code's helpers for tags shown above the editor ("top tags"): each tag becomes one line of a
 * block that precedes the typed text. Inline chips go through `buildSubmission` instead.
 */

/** A tag as a host or Qwen-style client describes it. Only `id` is required. */
export interface ComposerTag {
  id: string;
  label?: string;
  value?: string;
  serialized?: string;
  kind?: string;
  removable?: boolean;
  icon?: string;
  metadata?: unknown;
}

/**
 * The model-facing text of a tag: the first non-empty of trimmed `serialized`, `value` and
 * `label`; else `id` as it is. Fields that are not strings are skipped.
 */
export function serializeComposerTag(tag: ComposerTag): string {
  if (typeof tag !== 'object' || tag === null) return '';
  for (const candidate of [tag.serialized, tag.value, tag.label]) {
    const trimmed = typeof candidate === 'string' ? candidate.trim() : '';
    if (trimmed !== '') return trimmed;
  }
  return typeof tag.id === 'string' ? tag.id : '';
}

/**
 * The prompt with top tags: serialized tags joined by `\n`, a blank line, then `text`. Without
 * tag texts it is `text`; with empty `text` it is the tags only. Nothing is bracketed or escaped.
 */
export function buildComposerPrompt(text: string, tags: readonly ComposerTag[]): string {
  const body = typeof text === 'string' ? text : '';
  const tagTexts = (Array.isArray(tags) ? tags : []).map(serializeComposerTag).filter((tagText) => tagText !== '');
  if (tagTexts.length === 0) return body;
  const block = tagTexts.join('\n');
  return body === '' ? block : `${block}\n\n${body}`;
}
