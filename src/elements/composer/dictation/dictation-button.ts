import { html, nothing, svg, type TemplateResult } from 'lit';
import type { T3Locale } from '../../shared/locale.js';

const microphoneIcon = svg`<svg viewBox="0 0 16 16" aria-hidden="true"><rect x="5.5" y="1.5" width="5" height="8.5" rx="2.5" fill="none" stroke="currentColor" stroke-width="1.6"/><path d="M3 7.5a5 5 0 0 0 10 0M8 12.5v2.5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>`;

export interface DictationButtonState {
  /** Whether there is a recognizer (no button without one). */
  available: boolean;
  active: boolean;
  disabled: boolean;
  locale: T3Locale;
  toggle(): void;
}

/** A pointer press keeps focus in the editor; a keyboard user's focus is moved back by the toggle. */
const keepFocus = (event: Event): void => event.preventDefault();

/**
 * The microphone toggle of the actions row. Its accessible name stays `dictate` (a toggle's name
 * does not change with its state, `aria-pressed` says it); the tooltip says what a press does now.
 */
export function renderDictationButton(state: DictationButtonState): TemplateResult | typeof nothing {
  if (!state.available) return nothing;
  const { dictate, stopDictation } = state.locale;
  return html`<button
    type="button"
    part="dictation-button"
    class="action-button dictation"
    aria-label=${dictate}
    title=${state.active ? stopDictation : dictate}
    aria-pressed=${state.active ? 'true' : 'false'}
    ?disabled=${state.disabled}
    @mousedown=${keepFocus}
    @click=${state.toggle}
  >
    ${microphoneIcon}
  </button>`;
}
