/**
 * The script-tag bundle: registers every element and exposes the whole API as
 * `window.T3Composer`. Loading it twice keeps the first copy.
 */
import { defineAllElements } from './elements/define-all-elements.js';
import * as api from './index.js';

const scope = globalThis as typeof globalThis & { T3Composer?: typeof api };
if (!scope.T3Composer) {
  defineAllElements();
  scope.T3Composer = Object.freeze({ ...api });
}
