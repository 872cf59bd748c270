import { html } from 'lit';
import type { SkillContextRecord } from '../../core/index.js';
import type { KindDetails } from '../details-parts.js';

export const skillDetails: KindDetails<SkillContextRecord> = (record) => html`<div class="title">${record.name}</div>`;
