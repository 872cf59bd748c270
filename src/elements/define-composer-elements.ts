import { T3Composer } from './composer/composer.js';
import { T3ContextChip } from './context-chip/context-chip.js';
import { T3ContextScope } from './context-scope/context-scope.js';
import { defineElement } from './shared/define-element.js';

/**
 * Registers `<t3-context-scope>`, `<t3-context-chip>` and `<t3-composer>`: what a page that shows a
 * composer needs, without the Markdown message element and its parser.
 */
export function defineComposerElements(): void {
  defineElement('t3-context-scope', T3ContextScope);
  defineElement('t3-context-chip', T3ContextChip);
  defineElement('t3-composer', T3Composer);
}
