import { defineComposerElements } from './define-composer-elements.js';
import { defineMessageElements } from './define-message-elements.js';

/** Registers every element of the package. */
export function defineAllElements(): void {
  defineMessageElements();
  defineComposerElements();
}
