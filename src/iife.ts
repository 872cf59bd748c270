/**
 * The script-tag bundle: registers every element and exposes the whole API as
 * `window.T3Composer`. Loading it twice keeps the first copy.
 */
import { defineAllElements } from './elements/define-all-elements.js';
import * as api from './index.js';

declare global {
  /** The script-tag bundle's API: every export of `t3-composer`, frozen. */
  var T3Composer: Readonly<typeof api>;
}

const scope = globalThis as { T3Composer?: Readonly<typeof api> };
if (!scope.T3Composer) {
  defineAllElements();
  scope.T3Composer = Object.freeze({ ...api });
}
