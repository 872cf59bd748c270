/** Registers every element of the package. Safe to import more than once. */
import { defineAllElements } from './elements/define-all-elements.js';

defineAllElements();
