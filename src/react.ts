/**
 * React 18 wrappers built with `@lit/react`: properties are set as properties and the custom
 * events get typed `on…` props. Importing this module registers the elements. React 19 can use
 * the tags directly (`<t3-composer ont3-submit={…}>`).
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type {
  AttachmentRemoveDetail,
  ComposerSubmitDetail,
  DraftRestoreDetail,
  StashChangeDetail,
} from './elements/composer/composer.js';
import { T3Composer as ComposerElement } from './elements/composer/composer.js';
import { T3ContextChip as ChipElement } from './elements/context-chip/context-chip.js';
import { T3ContextScope as ScopeElement } from './elements/context-scope/context-scope.js';
import type { ChipActivateDetail, ChipRemoveDetail } from './elements/shared/events.js';
import { T3UserMessage as UserMessageElement } from './elements/user-message/user-message.js';
import { defineAllElements } from './elements/define-all-elements.js';

defineAllElements();

const chipActivate = 't3-chip-activate' as EventName<CustomEvent<ChipActivateDetail>>;
const chipRemove = 't3-chip-remove' as EventName<CustomEvent<ChipRemoveDetail>>;

export const T3Composer = createComponent({
  tagName: 't3-composer',
  elementClass: ComposerElement,
  react: React,
  events: {
    onSubmit: 't3-submit' as EventName<CustomEvent<ComposerSubmitDetail>>,
    onInput: 'input' as EventName<Event>,
    onChipActivate: chipActivate,
    onChipRemove: chipRemove,
    onAttachmentRemove: 't3-attachment-remove' as EventName<CustomEvent<AttachmentRemoveDetail>>,
    onStashChange: 't3-stash-change' as EventName<CustomEvent<StashChangeDetail>>,
    onDraftRestore: 't3-draft-restore' as EventName<CustomEvent<DraftRestoreDetail>>,
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
