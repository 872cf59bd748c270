import { nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { CommandInfo } from '../../core/index.js';
import type { ComposerDraft, DraftSubmission } from '../shared/composer-values.js';
import type { EditOriginal, SubmitDetail } from '../shared/events.js';
import { fireExtendable, rejectionMessage } from '../shared/extendable-event.js';
import { formatMessage, type T3Locale } from '../shared/locale.js';
import { adoptLateStyles } from '../shared/late-styles.js';
import { editStyles } from './edit.styles.js';
import { type EditPhase, renderEditor } from './edit-view.js';
import { messageAsDraft } from './message-draft.js';
import type { MessageModel } from './message-model.js';

/**
 * Editing a sent message in place: an inline `<t3-composer>`, created by its tag name so that the
 * message never loads the editor itself, holds the message as a draft; Enter or Save fires
 * `t3-edit`, Escape or Cancel ends editing (asking first when changes would be lost). One message
 * edits at a time on a page. A chunk of its own: the message loads it (`edit-control.ts`) the first
 * time an edit starts, with the styles of the editor.
 */

/** The `<t3-composer>` the message edits in: its public API, nothing else. */
interface InlineComposer extends HTMLElement {
  draft: ComposerDraft;
  commands: readonly CommandInfo[];
  label: string;
  readonly: boolean;
  noSendButton: boolean;
  submit(): boolean;
}

/** Typed as a plain string so that creating it never names the composer's class. */
const COMPOSER_TAG: string = 't3-composer';

/** The inline composer's own events about its draft: the host never owns that draft, so they stay inside. */
const INNER_EVENTS = [
  'input',
  't3-attachment-remove',
  't3-sending-change',
  't3-stash-change',
  't3-queue-change',
  't3-draft-restore',
  't3-stop',
];

export interface MessageEditingOptions {
  /** Whether an edit may start: an editable message, on a page that has the composer. */
  canStart(): boolean;
  model(): MessageModel;
  original(): EditOriginal;
  locale(): T3Locale;
}

interface EditSession {
  composer: InlineComposer;
  /** The draft as editing began, to tell a change from none. */
  baseline: string;
  phase: EditPhase;
  notice?: string;
  /** Another message's edit, waiting for this one's changes to be discarded. */
  next?: () => void;
}

/** The one message editing on this page. */
const page: { editing?: MessageEditing } = {};

/** A draft's content, for comparison: its trimmed text, records, command and files. */
function draftSignature(draft: ComposerDraft): string {
  const files = draft.attachments.map((attachment) => attachment.contextId);
  return JSON.stringify([draft.text.trim(), draft.records, draft.command ?? null, files]);
}

/** What `t3-submit` carried, without its `delivery` and `waitUntil`. */
function plainSubmission({ text, context, prompt, inputAnnotations, attachments }: SubmitDetail): DraftSubmission {
  return { text, ...(context ? { context } : {}), prompt, inputAnnotations, attachments };
}

export class MessageEditing {
  private session?: EditSession;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment },
    private readonly options: MessageEditingOptions,
  ) {}

  get editing(): boolean {
    return this.session !== undefined;
  }

  /**
   * Starts editing; false when the message cannot be edited now. Another message's unchanged edit
   * ends; a changed one asks first, and this one starts if its changes are discarded.
   */
  start(): boolean {
    if (this.session) {
      this.session.composer.focus();
      return true;
    }
    if (!this.options.canStart()) return false;
    const other = page.editing;
    if (other && other !== this && !other.yieldTo(() => this.start())) return false;
    const composer = this.createComposer();
    this.session = { composer, baseline: draftSignature(composer.draft), phase: 'editing' };
    page.editing = this;
    this.host.requestUpdate();
    composer.focus();
    return true;
  }

  renderEditor(): TemplateResult | typeof nothing {
    const session = this.session;
    if (!session) return nothing;
    adoptLateStyles(this.host.renderRoot, editStyles);
    return renderEditor({
      composer: session.composer,
      phase: session.phase,
      notice: session.notice,
      locale: this.options.locale(),
      save: () => this.save(),
      cancel: () => this.cancel(),
      keep: () => this.keep(),
      discard: () => this.discard(),
      keydown: this.onKeyDown,
    });
  }

  private createComposer(): InlineComposer {
    const composer = document.createElement(COMPOSER_TAG) as InlineComposer;
    const { draft, command } = messageAsDraft(this.options.model());
    composer.setAttribute('part', 'editor');
    composer.className = 'editor';
    composer.label = this.options.locale().editor;
    composer.noSendButton = true;
    // The annotation's own description of the command, so the edit sends it whole.
    if (command) composer.commands = [command];
    composer.draft = draft;
    composer.addEventListener('t3-submit', this.onSubmit);
    for (const type of INNER_EVENTS) composer.addEventListener(type, (event) => event.stopPropagation());
    return composer;
  }

  private changed(session: EditSession): boolean {
    return draftSignature(session.composer.draft) !== session.baseline;
  }

  /**
   * Another message wants to edit: true when this edit ended to let it. A changed edit (or one
   * still being saved) asks first and runs `next` if its changes are discarded.
   */
  private yieldTo(next: () => void): boolean {
    const session = this.session;
    if (!session || !this.host.isConnected) {
      this.end(false);
      return true;
    }
    if (session.phase !== 'saving' && !this.changed(session)) {
      this.end(false);
      return true;
    }
    this.askToDiscard(session, next);
    return false;
  }

  private askToDiscard(session: EditSession, next?: () => void): void {
    session.phase = 'confirming';
    session.next = next;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      const keep = this.host.renderRoot.querySelector<HTMLElement>('[part~="keep-button"]');
      keep?.scrollIntoView({ block: 'nearest' });
      keep?.focus();
    });
  }

  private keep(): void {
    const session = this.session;
    if (session?.phase !== 'confirming') return;
    // Back to the save that was still waiting for the host, if one was (the composer stays read-only meanwhile).
    session.phase = session.composer.readonly ? 'saving' : 'editing';
    session.next = undefined;
    this.host.requestUpdate();
    session.composer.focus();
  }

  private discard(): void {
    const next = this.session?.next;
    this.end(!next);
    next?.();
  }

  /**
   * Escape or Cancel: ends editing, asking first when changes would be lost, also while a save
   * waits for a host that may never answer (discarded, its outcome is ignored).
   */
  private cancel(): void {
    const session = this.session;
    if (!session) return;
    if (session.phase === 'confirming') this.keep();
    else if (session.phase === 'saving' || this.changed(session)) this.askToDiscard(session);
    else this.end(true);
  }

  /** Save submits the inline composer, as Enter does: its `t3-submit` comes to `onSubmit`. */
  private save(): void {
    if (this.session?.phase !== 'saving') this.session?.composer.submit();
  }

  private end(restoreFocus: boolean): void {
    if (!this.session) return;
    this.session = undefined;
    if (page.editing === this) page.editing = undefined;
    this.host.requestUpdate();
    if (restoreFocus) {
      void this.host.updateComplete.then(() =>
        this.host.renderRoot.querySelector<HTMLElement>('[part~="edit-button"]')?.focus(),
      );
    }
  }

  /**
   * The inline composer's submit is the message's to decide, never the host's new message: it is
   * stopped here and cancelled, so the composer keeps the draft until the edit is done.
   */
  private readonly onSubmit = (event: CustomEvent<SubmitDetail>): void => {
    event.stopPropagation();
    event.preventDefault();
    const session = this.session;
    if (!session || session.phase === 'saving') return;
    session.phase = 'editing';
    session.next = undefined;
    session.notice = undefined;
    if (!this.changed(session)) {
      this.end(true);
      return;
    }
    const outcome = fireExtendable(this.host, 't3-edit', {
      submission: plainSubmission(event.detail),
      original: this.options.original(),
    });
    this.host.requestUpdate();
    if (!outcome.dispatched) return;
    if (!outcome.settled) {
      this.end(true);
      return;
    }
    this.setSaving(session, true);
    outcome.settled.then(
      () => {
        if (this.session === session) this.end(true);
      },
      (reason: unknown) => {
        if (this.session !== session) return;
        this.setSaving(session, false);
        const locale = this.options.locale();
        const message = rejectionMessage(reason);
        session.notice = message ? formatMessage(locale.editNotSavedBecause, { message }) : locale.editNotSaved;
        session.composer.focus();
      },
    );
  };

  private setSaving(session: EditSession, saving: boolean): void {
    session.phase = saving ? 'saving' : 'editing';
    session.composer.readonly = saving;
    this.host.requestUpdate();
  }

  /** Escape that nothing took (in the composer: no menu open): cancel, or keep editing when asked. */
  private readonly onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
    event.preventDefault();
    this.cancel();
  };
}
