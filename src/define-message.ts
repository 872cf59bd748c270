/** Registers the message elements only (no editor code is loaded). Safe to import more than once. */
import { defineMessageElements } from './elements/define-message-elements.js';
// Bare imports keep the elements' tag and event declarations in this entry's types (see define.ts).
import './elements/context-chip/context-chip.js';
import './elements/context-scope/context-scope.js';
import './elements/user-message/user-message.js';

defineMessageElements();
