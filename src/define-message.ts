/** Registers the message elements only (no editor code is loaded). Safe to import more than once. */
import { defineMessageElements } from './elements/define-message-elements.js';

defineMessageElements();
