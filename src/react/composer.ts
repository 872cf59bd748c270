/**
 * The React 18 wrapper of `<t3-composer>`. Importing this module registers the composer with the
 * chip and scope elements it uses (as `t3-composer/define-composer` does), without the Markdown
 * message element.
 */
import * as React from 'react';
import '../define-composer.js';
import { T3Composer as ComposerElement } from '../elements/composer/composer.js';
import { wrapElement } from './wrapper.js';

export const T3Composer = wrapElement(React, 't3-composer', ComposerElement, {
  onSubmit: 't3-submit',
  onInput: 'input',
  onChipActivate: 't3-chip-activate',
  onChipRemove: 't3-chip-remove',
  onUploadRetry: 't3-upload-retry',
  onAttachmentRemove: 't3-attachment-remove',
  onStashChange: 't3-stash-change',
  onDraftRestore: 't3-draft-restore',
  onStop: 't3-stop',
  onQueueChange: 't3-queue-change',
  onSendingChange: 't3-sending-change',
  onDictationChange: 't3-dictation-change',
});
