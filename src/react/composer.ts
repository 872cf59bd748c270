/**
 * The React 18 wrapper of `<t3-composer>`, built with `@lit/react`. Importing this module registers
 * the composer with the chip and scope elements it uses (as `t3-composer/define-composer` does),
 * without the Markdown message element.
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import '../define-composer.js';
import { T3Composer as ComposerElement } from '../elements/composer/composer.js';
import { eventName } from './event-name.js';

export const T3Composer = createComponent({
  tagName: 't3-composer',
  elementClass: ComposerElement,
  react: React,
  events: {
    onSubmit: eventName('t3-submit'),
    onInput: 'input' as EventName<Event>,
    onChipActivate: eventName('t3-chip-activate'),
    onChipRemove: eventName('t3-chip-remove'),
    onAttachmentRemove: eventName('t3-attachment-remove'),
    onStashChange: eventName('t3-stash-change'),
    onDraftRestore: eventName('t3-draft-restore'),
    onStop: eventName('t3-stop'),
    onQueueChange: eventName('t3-queue-change'),
    onSendingChange: eventName('t3-sending-change'),
    onDictationChange: eventName('t3-dictation-change'),
  },
});
