import type { ContextRecord, InputReferencePayload } from '../../core/index.js';

export type ChipPlacement = 'composer' | 'message';

export interface ChipActivateDetail {
  kind: string;
  contextId: string;
  label: string;
  record?: ContextRecord;
  reference?: InputReferencePayload;
  placement: ChipPlacement;
}

export interface ChipRemoveDetail {
  kind: string;
  contextId: string;
}

/** Dispatches a custom event that bubbles out of shadow roots; returns false when it was cancelled. */
export function emit<T>(target: EventTarget, name: string, detail: T, options: { cancelable?: boolean } = {}): boolean {
  return target.dispatchEvent(new CustomEvent<T>(name, { detail, bubbles: true, composed: true, ...options }));
}

declare global {
  interface HTMLElementEventMap {
    't3-chip-activate': CustomEvent<ChipActivateDetail>;
    't3-chip-remove': CustomEvent<ChipRemoveDetail>;
  }
}
