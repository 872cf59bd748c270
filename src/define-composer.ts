/**
 * Registers the composer with the chip and scope elements it uses, without the Markdown message
 * element. Safe to import more than once, and alongside `define` or `define-message`.
 */
import { defineComposerElements } from './elements/define-composer-elements.js';

defineComposerElements();
