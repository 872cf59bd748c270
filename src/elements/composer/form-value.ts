import type { EditorState } from '@codemirror/state';
import type { ContextRecord } from '../../core/index.js';
import type { ComposerValue } from './composer-types.js';
import { recordsField } from './editor/state/draft-state.js';

/**
 * The form value is the canonical text; the saved state adds the draft's records, so a draft the
 * browser restores (back and forward navigation, autofill) keeps its chips (setting `value` keeps
 * only the referenced ones). Outside a form nobody reads either, so a keystroke does not copy the
 * draft; inside one, the records are serialised again only when they change, not on every key.
 */
export class FormValue {
  private saved?: { records: ReadonlyMap<string, ContextRecord>; json: string };

  constructor(private readonly internals: ElementInternals | undefined) {}

  sync(state: EditorState): void {
    if (!this.internals?.form) return;
    const records = state.field(recordsField);
    if (this.saved?.records !== records) this.saved = { records, json: JSON.stringify([...records.values()]) };
    const text = state.doc.toString();
    this.internals.setFormValue(text, `{"text":${JSON.stringify(text)},"records":${this.saved.json}}`);
  }
}

/** The draft value a saved form state holds; `undefined` for a state this version did not write. */
export function restoredFormValue(saved: unknown): ComposerValue | undefined {
  if (typeof saved !== 'string') return undefined;
  try {
    return JSON.parse(saved) as ComposerValue;
  } catch {
    return undefined;
  }
}
