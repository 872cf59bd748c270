/**
 * The body encoding of a `<review_comment>` block, as T3 Code's legacy send path writes it: the
 * comment text and the fenced diff are the reviewer's words and the file's lines, so a
 * `</review_comment>` in them would end the block early and a `<review_comment …>` could open a
 * forged one. A body that holds such a tag (or an escape that could be taken for one) travels
 * encoded, and its block says so with `bodyEncoding="escaped-tags"`: every `&` becomes `&amp;` and
 * every `<` that opens or closes a review comment tag becomes `&lt;`. A block without the marker
 * (every historical one) is read as written.
 */

/** The marker's value: `bodyEncoding="escaped-tags"`. */
export const ESCAPED_TAGS = 'escaped-tags';

/**
 * A `<` before `review_comment` or `/review_comment` (T3's `neutralizeReviewCommentTags`: any
 * case, and a Unicode-aware `\b`, so `ſ` and the Kelvin sign count as word characters after it).
 */
const TAG_OPENING = /<(?=\/?review_comment\b)/giu;

/** What makes a body travel encoded: such a tag, or an escape of `<` or `&` in any case. */
const NEEDS_ENCODING = /<(?=\/?review_comment\b)|&(?:lt|amp);/iu;

/** True when any of the body's parts needs the encoding. */
export function needsReviewBodyEncoding(...parts: readonly string[]): boolean {
  return parts.some((part) => NEEDS_ENCODING.test(part));
}

/** `&` as `&amp;`, then each tag-opening `<` as `&lt;`. */
export function encodeReviewBody(text: string): string {
  return text.replaceAll('&', '&amp;').replace(TAG_OPENING, '&lt;');
}

/**
 * The reverse, in one pass: `&amp;` is `&`, and `&lt;` before a review comment tag is `<`. Only
 * those lowercase spellings are the writer's; any other (`&LT;`, `&AMP;`, `&lt;` before
 * `review_commentſ`) is body text and stays as written.
 */
export function decodeReviewBody(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&amp;|&lt;(?=\/?review_comment\b)/giu, (escape) =>
    escape === '&amp;' ? '&' : escape === '&lt;' ? '<' : escape,
  );
}
