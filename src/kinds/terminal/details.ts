import { html } from 'lit';
import type { TerminalContextRecord } from '../../core/index.js';
import { type KindDetails, renderNumberedLines } from '../details-parts.js';

export const terminalDetails: KindDetails<TerminalContextRecord> = (record) => {
  const range =
    record.lineEnd === record.lineStart ? `line ${record.lineStart}` : `lines ${record.lineStart}–${record.lineEnd}`;
  return html`<div class="title">${record.terminalLabel}</div>
    <div class="meta">${range}</div>
    ${renderNumberedLines(record.text.split('\n'), record.lineStart)}`;
};
