/**
 * React 18 wrappers of the message elements (`<t3-user-message>`, `<t3-context-chip>`,
 * `<t3-context-scope>`), built with `@lit/react`. Importing this module registers those elements
 * only (as `t3-composer/define-message` does): nothing it loads reaches the editor.
 */
import { createComponent } from '@lit/react';
import * as React from 'react';
import '../define-message.js';
import { T3ContextChip as ChipElement } from '../elements/context-chip/context-chip.js';
import { T3ContextScope as ScopeElement } from '../elements/context-scope/context-scope.js';
import { T3UserMessage as UserMessageElement } from '../elements/user-message/user-message.js';
import { eventName } from './event-name.js';

export const T3UserMessage = createComponent({
  tagName: 't3-user-message',
  elementClass: UserMessageElement,
  react: React,
  events: {
    onChipActivate: eventName('t3-chip-activate'),
    onCitationActivate: eventName('t3-citation-activate'),
    onEdit: eventName('t3-edit'),
  },
});

export const T3ContextChip = createComponent({
  tagName: 't3-context-chip',
  elementClass: ChipElement,
  react: React,
  events: {
    onChipActivate: eventName('t3-chip-activate'),
    onChipRemove: eventName('t3-chip-remove'),
    onCitationActivate: eventName('t3-citation-activate'),
  },
});

export const T3ContextScope = createComponent({
  tagName: 't3-context-scope',
  elementClass: ScopeElement,
  react: React,
});
