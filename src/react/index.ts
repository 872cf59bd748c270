/**
 * React 18 wrappers (made with `@lit/react`, inlined in the build): properties are set as properties and the custom
 * events get typed `on…` props. Importing this module registers every element; a page that shows
 * messages only imports `t3-composer/react-message` (no editor code), one with a composer only
 * `t3-composer/react-composer`. React 19 can use the tags directly (`<t3-composer ont3-submit={…}>`).
 */
export { T3ContextChip, T3ContextScope, T3UserMessage } from './message.js';
export { T3Composer } from './composer.js';
