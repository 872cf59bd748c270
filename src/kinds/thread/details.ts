import { html } from 'lit';
import type { ThreadContextRecord } from '../../core/index.js';
import type { KindDetails } from '../details-parts.js';

/** Shown only where a host gives thread chips details: its chip already reads as the title. */
export const threadDetails: KindDetails<ThreadContextRecord> = (record) =>
  html`<div class="title">${record.title}</div>
    <div class="meta">${record.threadId}</div>`;
