import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { collectContextReferences, type ContextRecord, walkAroundRanges } from '../../../core/index.js';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import type { QueuedSubmission } from './queued-submissions.js';

const editIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M10.5 3 13 5.5 6 12.5H3.5V10z" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/></svg>`;
const removeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="m4.5 4.5 7 7m0-7-7 7" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>`;

export interface QueueActions {
  /** The queue waits for Resume (a send of its first entry failed). */
  paused: boolean;
  edit(id: string): void;
  remove(id: string): void;
  resume(): void;
}

/** The queue above the editor (`part="queue"`): one compact line per follow-up, its chips as chips. */
export function renderQueue(
  entries: readonly QueuedSubmission[],
  locale: T3Locale,
  actions: QueueActions,
): TemplateResult | typeof nothing {
  if (entries.length === 0) return nothing;
  const list = html`<ol part="queue" class="queue" aria-label=${locale.queue}>
    ${repeat(
      entries,
      (entry) => entry.id,
      (entry) => {
        const preview = { preview: entry.preview };
        return html`<li part="queue-entry" class="queue-entry" data-queue-id=${entry.id}>
          <span class="queue-text">${renderText(entry)}</span>
          ${queueButton('queue-edit', formatMessage(locale.queueEdit, preview), editIcon, () => actions.edit(entry.id))}
          ${queueButton('queue-remove', formatMessage(locale.queueRemove, preview), removeIcon, () =>
            actions.remove(entry.id),
          )}
        </li>`;
      },
    )}
  </ol>`;
  if (!actions.paused) return list;
  return html`<div class="queue-paused" role="group" aria-label=${locale.queue}>
      <span part="queue-state" class="queue-state">${locale.queuePaused}</span>
      <button type="button" part="queue-resume" class="queue-resume" @click=${actions.resume}>${locale.resumeQueue}</button>
    </div>
    ${list}`;
}

function queueButton(name: string, label: string, icon: SVGTemplateResult, run: () => void): TemplateResult {
  return html`<button type="button" part=${name} class="queue-button" aria-label=${label} title=${label} @click=${run}>
    ${icon}
  </button>`;
}

/** The submitted text with each reference as a `<t3-context-chip>` of its record (unresolved without one). */
function renderText(entry: QueuedSubmission): unknown[] {
  const { text, context } = entry.submission;
  const records = new Map<string, ContextRecord>((context?.records ?? []).map((record) => [record.contextId, record]));
  const parts: unknown[] = [];
  walkAroundRanges(
    text,
    collectContextReferences(text),
    (between) => parts.push(between),
    (occurrence) =>
      parts.push(
        html`<t3-context-chip
          placement="composer"
          kind=${occurrence.kind}
          context-id=${occurrence.contextId}
          label=${occurrence.label}
          .record=${records.get(occurrence.contextId)}
        ></t3-context-chip>`,
      ),
  );
  return parts;
}
