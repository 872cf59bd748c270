/**
 * React 18 wrappers of the message elements (`<t3-user-message>`, `<t3-context-chip>`,
 * `<t3-context-scope>`). Importing this module registers those elements only (as
 * `t3-composer/define-message` does): nothing it loads reaches the editor.
 */
import * as React from 'react';
import '../define-message.js';
import { T3ContextChip as ChipElement } from '../elements/context-chip/context-chip.js';
import { T3ContextScope as ScopeElement } from '../elements/context-scope/context-scope.js';
import { T3UserMessage as UserMessageElement } from '../elements/user-message/user-message.js';
import { wrapElement } from './wrapper.js';

export const T3UserMessage = wrapElement(React, 't3-user-message', UserMessageElement, {
  onChipActivate: 't3-chip-activate',
  onCitationActivate: 't3-citation-activate',
  onEdit: 't3-edit',
});

export const T3ContextChip = wrapElement(React, 't3-context-chip', ChipElement, {
  onChipActivate: 't3-chip-activate',
  onChipRemove: 't3-chip-remove',
  onUploadRetry: 't3-upload-retry',
  onCitationActivate: 't3-citation-activate',
});

export const T3ContextScope = wrapElement(React, 't3-context-scope', ScopeElement, {});
