/**
 * React 18 wrappers built with `@lit/react`: properties are set as properties and the custom
 * events get typed `on…` props. Importing this module registers the elements. React 19 can use
 * the tags directly (`<t3-composer ont3-submit={…}>`).
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import { T3Composer as ComposerElement } from './elements/composer/composer.js';
import { T3ContextChip as ChipElement } from './elements/context-chip/context-chip.js';
import { T3ContextScope as ScopeElement } from './elements/context-scope/context-scope.js';
import type { T3EventName, T3Events } from './elements/shared/events.js';
import { T3UserMessage as UserMessageElement } from './elements/user-message/user-message.js';
import { defineAllElements } from './elements/define-all-elements.js';

defineAllElements();

/** An event name of the package, typed with the event it dispatches, for an `on…` prop. */
function eventName<Name extends T3EventName>(name: Name): EventName<T3Events[Name]> {
  return name as EventName<T3Events[Name]>;
}

const chipActivate = eventName('t3-chip-activate');
const chipRemove = eventName('t3-chip-remove');

export const T3Composer = createComponent({
  tagName: 't3-composer',
  elementClass: ComposerElement,
  react: React,
  events: {
    onSubmit: eventName('t3-submit'),
    onInput: 'input' as EventName<Event>,
    onChipActivate: chipActivate,
    onChipRemove: chipRemove,
    onAttachmentRemove: eventName('t3-attachment-remove'),
  },
});

export const T3UserMessage = createComponent({
  tagName: 't3-user-message',
  elementClass: UserMessageElement,
  react: React,
  events: { onChipActivate: chipActivate },
});

export const T3ContextChip = createComponent({
  tagName: 't3-context-chip',
  elementClass: ChipElement,
  react: React,
  events: { onChipActivate: chipActivate, onChipRemove: chipRemove },
});

export const T3ContextScope = createComponent({
  tagName: 't3-context-scope',
  elementClass: ScopeElement,
  react: React,
});
