import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { completeLocale, type T3Locale } from '../shared/locale.js';
import { OnDemand } from '../shared/on-demand.js';
import type { MessageEditing, MessageEditingOptions } from './message-editing.js';

/**
 * The part of editing a message that loads with it: the Edit control and whether it shows. The
 * editing itself (the draft, the inline composer, saving and leaving) is a chunk loaded the first
 * time a message on the page starts editing, so a page whose messages are never edited loads none
 * of it. Once that chunk is there, every message starts editing at once.
 */

const editingChunk = new OnDemand(() => import('./message-editing.js'));

/** Typed as a plain string so that nothing here names the composer's class. */
const COMPOSER_TAG: string = 't3-composer';

type EditHost = ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment };

export interface EditControlOptions extends Omit<MessageEditingOptions, 'canStart'> {
  /** The message's `editable`. */
  editable(): boolean;
}

export class EditControl {
  private editor?: MessageEditing;
  /** The editing chunk on its way, with the start that waits for it. */
  private starting?: Promise<void>;
  private waitingForComposer = false;

  private readonly options: EditControlOptions;

  constructor(
    private readonly host: EditHost,
    options: EditControlOptions,
  ) {
    // Editing needs the composer, whose strings fill in a locale the message merged before it loaded.
    this.options = { ...options, locale: () => completeLocale(options.locale()) };
  }

  get editing(): boolean {
    return this.editor?.editing ?? false;
  }

  /** Whether the Edit control shows: an editable message, not editing, on a page that has the composer. */
  get canEdit(): boolean {
    if (this.editing || !this.options.editable()) return false;
    if (customElements.get(COMPOSER_TAG)) return true;
    if (!this.waitingForComposer) {
      this.waitingForComposer = true;
      void customElements.whenDefined(COMPOSER_TAG).then(() => this.host.requestUpdate());
    }
    return false;
  }

  /**
   * Starts editing; false when the message cannot be edited now. The first edit of a page starts
   * once the editing chunk has arrived (true meanwhile); if it cannot be loaded, the message stays
   * as it is and the next Edit tries again.
   */
  start(): boolean {
    if (this.editor) return this.editor.start();
    if (!this.canEdit) return false;
    if (editingChunk.loaded) return this.editorFrom(editingChunk.loaded).start();
    this.starting ??= editingChunk.load().then((module) => {
      this.starting = undefined;
      if (module) this.editorFrom(module).start();
      else console.error('[t3-composer] the message editor could not be loaded; Edit tries again');
    });
    return true;
  }

  /** Waits for an edit waiting for its chunk; true when there was one (the host then updates again). */
  async settled(): Promise<boolean> {
    if (!this.starting) return false;
    await this.starting;
    return true;
  }

  renderEditButton(): TemplateResult | typeof nothing {
    return this.canEdit ? editButton(this.options.locale(), () => this.start()) : nothing;
  }

  renderEditor(): TemplateResult | typeof nothing {
    return this.editor?.renderEditor() ?? nothing;
  }

  private editorFrom(module: typeof import('./message-editing.js')): MessageEditing {
    this.editor ??= new module.MessageEditing(this.host, { ...this.options, canStart: () => this.canEdit });
    return this.editor;
  }
}

/** The Edit control, beside the copy control; it shows on hover and focus as that one does. */
function editButton(locale: T3Locale, edit: () => void): TemplateResult {
  return html`<button
    part="edit-button"
    class="corner-control edit"
    type="button"
    data-copy-skip
    aria-label=${locale.edit}
    title=${locale.edit}
    @click=${edit}
  >${pencilIcon}</button>`;
}

const pencilIcon = html`<svg viewBox="0 0 16 16" width="14" height="14" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linejoin="round" aria-hidden="true"><path
  d="M10.5 2.5l3 3-8 8H2.5v-3zM8.5 4.5l3 3" /></svg>`;
