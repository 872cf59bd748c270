import { adoptStyles, html, type LitElement, type TemplateResult } from 'lit';

/**
 * The composer on a server: an inert shell of the live composer's size (its frame, buttons and
 * placeholder), which the browser replaces with the live composer rather than hydrating it: what
 * the browser holds (a stored draft, a recognizer, the device's send key) is not what the server knew.
 */

/**
 * The editor as the server draws it: CodeMirror's elements and classes, so the composer's own
 * styles give the shell the editor's height, with the placeholder on its one line.
 */
export function editorShell(placeholder: string): TemplateResult {
  return html`<div class="cm-editor shell" aria-hidden="true">
    <div class="cm-scroller">
      <div class="cm-content cm-lineWrapping"><div class="cm-line"><span class="cm-placeholder">${placeholder}</span></div></div>
    </div>
  </div>`;
}

/**
 * The composer's render root in the browser: a shadow root the server declared is emptied (the
 * platform does so when the root is attached again) and gets the element's styles, so the live
 * composer renders anew in place of the shell; otherwise undefined (Lit's own root).
 */
export function replaceServerShell(element: LitElement): ShadowRoot | undefined {
  if (!element.shadowRoot) return undefined;
  const type = element.constructor as typeof LitElement;
  const root = element.attachShadow(type.shadowRootOptions);
  adoptStyles(root, type.elementStyles);
  return root;
}
