import { html, nothing, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { collectContextReferences, type ContextRecord, walkAroundRanges } from '../../../core/index.js';
import { formatMessage, type T3Locale } from '../../shared/locale.js';
import { dragQueueEntry } from './queue-drag.js';
import type { QueuedSubmission } from './queued-submissions.js';

const editIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M10.5 3 13 5.5 6 12.5H3.5V10z" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/></svg>`;
const removeIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="m4.5 4.5 7 7m0-7-7 7" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>`;

const sendNowIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 8h8.5M8 4.5 11.5 8 8 11.5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const handleIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M6 4h.01M10 4h.01M6 8h.01M10 8h.01M6 12h.01M10 12h.01" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>`;

export interface QueueActions {
  /** The queue waits for Resume (after Stop, or a refused send). */
  paused: boolean;
  sendNow(id: string): void;
  /** Moves an entry to `index`; `focus` names the part of it to focus again afterwards. */
  move(id: string, index: number, focus?: string): void;
  edit(id: string): void;
  remove(id: string): void;
  resume(): void;
}

/**
 * The queue above the editor: its size and state in words (and Resume while paused), then one
 * compact line per follow-up (`part="queue"`), its chips as chips, with a drag handle, Send now,
 * Edit and Remove; Alt+↑/↓ on an entry moves it.
 */
export function renderQueue(
  entries: readonly QueuedSubmission[],
  locale: T3Locale,
  actions: QueueActions,
): TemplateResult | typeof nothing {
  if (entries.length === 0) return nothing;
  const count = formatMessage(locale.queuedCount, { count: String(entries.length) });
  return html`<div class="queue-header">
      <span part="queue-state" class="queue-state">${actions.paused ? `${count} · ${locale.queuePaused}` : count}</span>
      ${
        actions.paused
          ? html`<button type="button" part="queue-resume" class="queue-resume" @click=${actions.resume}>
            ${locale.resumeQueue}
          </button>`
          : nothing
      }
    </div>
    <ol part="queue" class="queue" aria-label=${locale.queue}>
      ${repeat(
        entries,
        (entry) => entry.id,
        (entry, index) => {
          const preview = { preview: entry.preview };
          const moveBy = (event: KeyboardEvent) => {
            if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
            event.preventDefault();
            const focus = (event.target as HTMLElement).getAttribute('part') ?? undefined;
            actions.move(entry.id, index + (event.key === 'ArrowUp' ? -1 : 1), focus);
          };
          return html`<li part="queue-entry" class="queue-entry" data-queue-id=${entry.id} @keydown=${moveBy}>
            <button
              type="button"
              part="queue-handle"
              class="queue-button queue-handle"
              aria-label=${formatMessage(locale.queueMove, preview)}
              title=${formatMessage(locale.queueMove, preview)}
              @pointerdown=${(event: PointerEvent) => dragQueueEntry(event, (to) => actions.move(entry.id, to))}
            >
              ${handleIcon}
            </button>
            <span class="queue-text">${renderText(entry)}</span>
            ${queueButton('queue-steer', formatMessage(locale.sendNow, preview), sendNowIcon, () =>
              actions.sendNow(entry.id),
            )}
            ${queueButton('queue-edit', formatMessage(locale.queueEdit, preview), editIcon, () => actions.edit(entry.id))}
            ${queueButton('queue-remove', formatMessage(locale.queueRemove, preview), removeIcon, () =>
              actions.remove(entry.id),
            )}
          </li>`;
        },
      )}
    </ol>`;
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
