import { T3ContextChip } from './context-chip/context-chip.js';
import { T3ContextScope } from './context-scope/context-scope.js';
import { defineElement } from './shared/define-element.js';
import { T3UserMessage } from './user-message/user-message.js';

/** Registers `<t3-context-scope>`, `<t3-context-chip>` and `<t3-user-message>`; no editor code is loaded. */
export function defineMessageElements(): void {
  defineElement('t3-context-scope', T3ContextScope);
  defineElement('t3-context-chip', T3ContextChip);
  defineElement('t3-user-message', T3UserMessage);
}
