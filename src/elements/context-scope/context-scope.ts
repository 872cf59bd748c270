import { css, html, type TemplateResult } from 'lit';
import { ConfigurableElement } from '../shared/configurable-element.js';

/**
 * Configures every t3 element inside it: icons, presentations, environment id, asset resolver and
 * locale strings. Scopes nest: an inner scope overlays the outer one key by key, and an element's
 * own properties overlay its nearest scope.
 *
 * @tagname t3-context-scope
 * @summary Page-wide configuration for chips, messages and composers.
 *
 * @slot - The elements that receive this configuration.
 */
export class T3ContextScope extends ConfigurableElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  constructor() {
    super();
    this.provideConfig();
  }

  protected override render(): TemplateResult {
    return html`<slot></slot>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    't3-context-scope': T3ContextScope;
  }
}
