import { html } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { chipKindOf } from '../../kinds/chips.js';
import { pathIcon, pathIconTemplate } from './path-icon.js';
import { safeImageUrl } from './urls.js';

/** A link: the icon of a host's kind without an icon of its own. */
const GENERIC_ICON =
  'M6.5 9.5l3-3M7 4.5l1.3-1.3a2.6 2.6 0 013.7 3.7L10.7 8.2M9 11.5l-1.3 1.3a2.6 2.6 0 01-3.7-3.7l1.3-1.3';

const pathOf = (kind: string) => chipKindOf(kind)?.icon ?? GENERIC_ICON;

function builtInIcon(kind: string): SVGSVGElement {
  return pathIcon(pathOf(kind));
}

/**
 * The icon of a kind as a new element: the host's URL when it is safe, else the built-in icon for
 * a known kind, else a generic link icon. Only own properties of the map count (`toString` is not
 * a kind).
 */
export function kindIcon(kind: string, icons: Readonly<Record<string, string>>): Element {
  const url = Object.hasOwn(icons, kind) ? safeImageUrl(icons[kind]) : undefined;
  if (!url) return builtInIcon(kind);
  const image = document.createElement('img');
  image.src = url;
  image.alt = '';
  image.width = 16;
  image.height = 16;
  image.draggable = false;
  return image;
}

/** `kindIcon` as a template, for a server (no DOM there). */
export function kindIconTemplate(kind: string, icons: Readonly<Record<string, string>>): unknown {
  const url = Object.hasOwn(icons, kind) ? safeImageUrl(icons[kind]) : undefined;
  if (!url) return pathIconTemplate(pathOf(kind));
  return html`<img src=${url} alt="" width="16" height="16" draggable="false" />`;
}

/** `kindIcon` in a Lit template: the same element across renders while the kind and the icons stay. */
export const renderKindIcon = (kind: string, icons: Readonly<Record<string, string>>) =>
  guard([kind, icons], () => kindIcon(kind, icons));
