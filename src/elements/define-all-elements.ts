import { T3Composer } from './composer/composer.js';
import { defineMessageElements } from './define-message-elements.js';
import { defineElement } from './shared/define-element.js';

/** Registers every element of the package. */
export function defineAllElements(): void {
  defineMessageElements();
  defineElement('t3-composer', T3Composer);
}
