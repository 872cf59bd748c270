import { html } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { KnownContextKind } from '../../core/index.js';
import { pathIcon, pathIconTemplate } from './path-icon.js';
import { safeImageUrl } from './urls.js';

/**
 * Built-in 16×16 line icons, drawn in `currentColor`, each as the data of a single path (rectangles
 * and circles written as path commands): chips render thousands of icons, and every SVG shape is
 * an element of its own to style and lay out.
 */
const PATHS: Readonly<Record<KnownContextKind | 'generic', string>> = {
  image:
    'M3.5 3h9a1.5 1.5 0 0 1 1.5 1.5v7a1.5 1.5 0 0 1-1.5 1.5h-9a1.5 1.5 0 0 1-1.5-1.5v-7a1.5 1.5 0 0 1 1.5-1.5z' +
    'M4.8 6.5a1.2 1.2 0 1 0 2.4 0a1.2 1.2 0 1 0-2.4 0M2.5 12l3.5-3.5 2.5 2.5 2-2 3 3',
  file: 'M4 1.8h5l3 3v9.4H4zM9 1.8v3h3',
  terminal:
    'M3.3 2.8h9.4a1.5 1.5 0 0 1 1.5 1.5v7.4a1.5 1.5 0 0 1-1.5 1.5h-9.4a1.5 1.5 0 0 1-1.5-1.5v-7.4a1.5 1.5 0 0 1 1.5-1.5z' +
    'M4.5 6l2 2-2 2M8 10.5h3.5',
  element: 'M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5',
  'preview-annotation':
    'M3.3 2.8h9.4a1.5 1.5 0 0 1 1.5 1.5v6a1.5 1.5 0 0 1-1.5 1.5h-9.4a1.5 1.5 0 0 1-1.5-1.5v-6a1.5 1.5 0 0 1 1.5-1.5z' +
    'M5 14.2h6M6 6.5l2 2 3-3',
  'review-comment': 'M2.5 3h11v7.5H8l-3 2.8v-2.8H2.5zM5 6h6M5 8h4',
  // A page of the project (mention labels already start with `@`, so the icon does not repeat it).
  mention: 'M4 1.8h5l3 3v9.4H4zM9 1.8v3h3M6 8.5h4M6 11h4',
  skill: 'M8 1.8l1.8 3.9 4.2.5-3.1 2.9.8 4.2L8 11.2l-3.7 2.1.8-4.2L2 6.2l4.2-.5z',
  // Two speech bubbles: another conversation.
  thread: 'M2 2.5h8.5v6H6l-2.5 2.2V8.5H2zM10.5 5.5H14v6h-1.5v2.2L10 11.5H6.5V8.5',
  generic: 'M6.5 9.5l3-3M7 4.5l1.3-1.3a2.6 2.6 0 013.7 3.7L10.7 8.2M9 11.5l-1.3 1.3a2.6 2.6 0 01-3.7-3.7l1.3-1.3',
};

const pathOf = (kind: string) => (Object.hasOwn(PATHS, kind) ? PATHS[kind as KnownContextKind] : PATHS.generic);

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
