/** Registers every element of the package. Safe to import more than once. */
import { defineAllElements } from './elements/define-all-elements.js';
// Bare imports keep the elements' `HTMLElementTagNameMap` and `HTMLElementEventMap` declarations in
// this entry's types, so a host that imports only this entry gets them (named imports are elided).
import './elements/composer/composer.js';
import './elements/context-chip/context-chip.js';
import './elements/context-scope/context-scope.js';
import './elements/user-message/user-message.js';

defineAllElements();
