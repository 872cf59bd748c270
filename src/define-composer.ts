/**
 * Registers the composer with the chip and scope elements it uses, without the Markdown message
 * element. Safe to import more than once, and alongside `define` or `define-message`.
 */
import { defineComposerElements } from './elements/define-composer-elements.js';
// Bare imports keep the elements' tag and event declarations in this entry's types (see define.ts).
import './elements/composer/composer.js';
import './elements/context-chip/context-chip.js';
import './elements/context-scope/context-scope.js';

defineComposerElements();
