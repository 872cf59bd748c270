import { html, nothing, svg, type TemplateResult } from 'lit';
import type { T3Locale } from '../../shared/locale.js';

const sendIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M8 13V3.5M3.5 7.5 8 3l4.5 4.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const stopIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="4" y="4" width="8" height="8" rx="1.5" fill="currentColor"/></svg>`;

export interface SendButtonState {
  /** The host's assistant is working: the stop button shows, and the send button beside it once there is a draft. */
  busy: boolean;
  /** A submission is in flight (its `waitUntil` promise has not settled). */
  sending: boolean;
  /** What Enter does now: send, queue the follow-up, or steer it into the running turn. */
  label: string;
  /** Whether the draft could be submitted now. */
  canSend: boolean;
  hidden: boolean;
  locale: T3Locale;
  send(): void;
  stop(): void;
}

/**
 * Keeps focus where it is (in the editor) when a button is pressed with a mouse or a finger; a
 * keyboard user's focus is moved back by the action itself.
 */
const keepFocus = (event: Event): void => event.preventDefault();

/**
 * The built-in send button, and the stop button while busy: then the send button shows beside it
 * only once there is something to send (a phone's only way to send during a turn). Nothing with
 * `no-send-button`.
 */
export function renderSendButton(state: SendButtonState): TemplateResult | typeof nothing {
  if (state.hidden) return nothing;
  const send =
    state.busy && !state.canSend
      ? nothing
      : html`<button
          type="button"
          part="send-button"
          class="action-button send"
          aria-label=${state.label}
          title=${state.label}
          aria-busy=${state.sending ? 'true' : 'false'}
          ?disabled=${!state.canSend}
          @mousedown=${keepFocus}
          @click=${state.send}
        >
          ${sendIcon}
        </button>`;
  if (!state.busy) return send;
  const { stop } = state.locale;
  return html`${send}<button
      type="button"
      part="stop-button"
      class="action-button stop"
      aria-label=${stop}
      title=${stop}
      @mousedown=${keepFocus}
      @click=${state.stop}
    >
      ${stopIcon}
    </button>`;
}
