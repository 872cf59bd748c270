/**
 * A context chip's look without the element: the chip's own stylesheet (theme tokens and chip
 * rules, with `:host` turned into a class) and its face (the inline box with the kind icon and the
 * label) as markup, so the baselines draw chips that look and lay out as `<t3-context-chip>` does.
 */
import { chipStyles } from '../../src/elements/context-chip/context-chip.styles.js';
import { kindIcon } from '../../src/elements/shared/icons.js';

/** The class that stands for the chip element's host box. */
export const CHIP_HOST_CLASS = 't3-chip';

/** The chip's stylesheet text, its `:host` rules applying to `.t3-chip` instead. */
export function chipLookCss(): string {
  return chipStyles
    .map((sheet) => sheet.cssText)
    .join('\n')
    .replace(/:host\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g, `.${CHIP_HOST_CLASS}$1`)
    .replaceAll(':host', `.${CHIP_HOST_CLASS}`);
}

const iconMarkup = new Map<string, string>();

/** The built-in icon of a kind as SVG markup (one built per kind). */
export function chipIconMarkup(kind: string): string {
  let markup = iconMarkup.get(kind);
  if (markup === undefined) iconMarkup.set(kind, (markup = kindIcon(kind, {}).outerHTML));
  return markup;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => escapes[character]!);

/** The kind in a `t3-context://v1/<kind>/<id>` href, or `undefined` for any other href. */
export function chipKind(href: string): string | undefined {
  return /^t3-context:\/\/v1\/([a-z][a-z0-9-]*)\//.exec(href)?.[1];
}

/** A chip of the same look as markup: host box, inline-flex face, icon and label, focusable as the chip is. */
export function chipMarkup(kind: string, label: string): string {
  const name = escapeHtml(label);
  return (
    `<span class="${CHIP_HOST_CLASS}" kind="${kind}"><span part="base" class="chip" role="button" tabindex="0" ` +
    `aria-label="${name}" title="${name}" spellcheck="false"><span part="icon" class="icon">` +
    `${chipIconMarkup(kind)}</span><span part="label" class="label">${name}</span></span></span>`
  );
}
