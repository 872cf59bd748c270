import { property, state } from 'lit/decorators.js';
import type { CommandInfo } from '../../core/index.js';
import { ConfigurableElement } from '../shared/configurable-element.js';
import { registerDefaultStrings } from '../shared/locale.js';
import { COMPOSER_STRINGS } from './composer-strings.js';
import { DEFAULT_PASTE_FILE_CHARS, DEFAULT_PASTE_FILE_LINES } from './clipboard/long-paste.js';
import { DEFAULT_HISTORY_SIZE } from './saved-drafts/draft-recall.js';
import type { DraftStorage } from './saved-drafts/draft-storage.js';
import type { UploadAttachment } from './attachments/upload-registry.js';
import { DEFAULT_DICTATION_SILENCE } from './dictation/dictation-controller.js';
import type { SpeechRecognizerAdapter } from './dictation/speech-recognizer.js';
import type { DropResolver } from './drops/drop-resolver.js';
import type { MentionProvider } from './menu/providers.js';
import type { QueueMode } from './sending/queue-mode.js';
import { type SendKey, type SendKeyMode, sendKeyMode } from './editor/keys/send-key.js';
import { TouchOnlyWatcher } from './touch-only.js';

// The composer's strings join the defaults as its module loads: a page of messages alone has none of them.
registerDefaultStrings(COMPOSER_STRINGS);

/**
 * The reactive properties of `<t3-composer>`, the attributes a host sets; the element adds its
 * behaviour on top.
 */
export abstract class ComposerProperties extends ConfigurableElement {
  /** Accessible name of the editor. */
  @property() label = '';

  @property() placeholder = '';

  @property({ type: Boolean, reflect: true }) disabled = false;

  @property({ type: Boolean, reflect: true }) readonly = false;

  /** Form field name; the form value is the canonical text. */
  @property({ reflect: true }) name = '';

  /** Maximum visible characters (a chip counts as one); typing and paste stop there. */
  @property({ type: Number, attribute: 'max-length' }) maxLength?: number;

  /**
   * Sources of mention items, each opened by its trigger character (`@` by default). A query typed
   * as a chip is written out, `kind:value` (`@dataset:us`), asks each provider for the value too
   * and finds the items of that kind (or kind label) whose value begins so.
   */
  @property({ attribute: false }) providers: readonly MentionProvider[] = [];

  /**
   * Slash commands offered at the start of the draft. A picked one becomes a token followed by a
   * slot per argument (`arguments`, else those its `argumentHint` spells); Tab moves between slots.
   */
  @property({ attribute: false }) commands: readonly CommandInfo[] = [];

  /**
   * Turns the host's own drag types (a thread, a file or a symbol from its sidebar) into records:
   * `(data: DataTransfer) => ContextRecord[] | Promise<ContextRecord[] | null> | null`. What it returns
   * becomes chips at the drop point, one undo step; `null` leaves the drop to the composer (chips from a
   * composer or a sent message with their records, folders as `mention`s of `name/`, files as attachments,
   * text as text), and so does a resolver that throws or rejects, with a notice. Read the `DataTransfer`
   * before any `await`: it reads as empty once the drop event is over.
   */
  @property({ attribute: false }) dropResolver?: DropResolver;

  /** How many submitted drafts ↑ recalls (100 by default). */
  @property({ type: Number, attribute: 'history-size' }) historySize: number = DEFAULT_HISTORY_SIZE;

  /** Saves the draft, stash and history under this key (IndexedDB by default) and restores them. */
  @property({ attribute: 'draft-key' }) draftKey?: string;

  /** Pasted text of more lines than this (40 by default; 0 turns it off) becomes a text file chip. */
  @property({ type: Number, attribute: 'paste-file-lines' }) pasteFileLines: number = DEFAULT_PASTE_FILE_LINES;

  /** Pasted text of more characters than this (4,000 by default; 0 turns it off) becomes a text file chip. */
  @property({ type: Number, attribute: 'paste-file-chars' }) pasteFileChars: number = DEFAULT_PASTE_FILE_CHARS;

  /** Replaces the default IndexedDB store: `{load(key), save(key, stored), remove(key)}`, each a promise. */
  @property({ attribute: false }) draftStorage?: DraftStorage;

  /**
   * Uploads each file as it is attached, pasted or dropped: `(file, {signal, onProgress}) => Promise<{attachmentId,
   * url?}>`. Its chip shows the progress, then the file is the host's: the answered `attachmentId` (its record's too)
   * and `url` go with the submission, and Send waits for uploads still running. Removing the file, clearing the draft
   * or leaving the page aborts its upload (`signal`). Without it, files are handed over with `t3-submit`. Set on a
   * `<t3-context-scope>`, it is the uploader of every composer under it that sets none of its own.
   */
  @property({ attribute: false }) override uploadAttachment?: UploadAttachment;

  /** The host's assistant is working: the send button stops it, and Enter queues follow-ups (see `queue-mode`). */
  @property({ type: Boolean, reflect: true }) busy = false;

  /**
   * What Enter and `submit()` do while `busy` (or `sending`): `queue` (default) the submission until the turn ends,
   * `steer` it into the running turn (`delivery: 'steer'`), `block` it (a notice), `send` it as a new message.
   */
  @property({ attribute: 'queue-mode' }) queueMode: QueueMode = 'queue';

  /**
   * Which key sends: `enter` (Shift+Enter breaks a line), `mod-enter` (Ctrl/Cmd+Enter sends, Enter breaks a line),
   * `mod-enter-multiline` (Enter sends a one-line draft; with a line break in it, Ctrl/Cmd+Enter sends) or `auto`
   * (default): `enter`, but on a touch-only device Enter breaks a line and the send button sends. Ctrl/Cmd+Enter sends
   * in every mode; a held key sends once.
   */
  @property({ attribute: 'send-key' }) sendKey: SendKey = 'auto';

  /** Hides the built-in send and stop button, for a host that brings its own. */
  @property({ type: Boolean, attribute: 'no-send-button' }) noSendButton = false;

  /**
   * Turns speech into text: `{start({lang, signal})}` yielding `{text, final}` results (see
   * `webSpeechRecognizer()`). With one, a microphone button shows and Ctrl/Cmd+Shift+Space dictates.
   */
  @property({ attribute: false }) speechRecognizer?: SpeechRecognizerAdapter;

  /**
   * Milliseconds without a result from the recognizer after which dictation ends (3,000 by default; 0
   * never), counted from the start and from each result, so a microphone is never left open when
   * nothing is heard; the browser's microphone prompt is no silence (`awaitingPermission`).
   */
  @property({ type: Number, attribute: 'dictation-silence' }) dictationSilence: number = DEFAULT_DICTATION_SILENCE;

  /**
   * The device's only pointer is a finger (what `auto` follows).
   * @internal
   */
  @state() protected touchOnly = false;

  /** Disabled by an ancestor `<fieldset disabled>`, kept apart from the element's own `disabled`. */
  @state() protected formDisabled = false;

  /** @internal */
  private readonly touchOnlyWatcher = new TouchOnlyWatcher(this, (touchOnly) => (this.touchOnly = touchOnly));

  /**
   * The send key in force, `auto` decided for the device.
   * @internal
   */
  get sendKeyMode(): SendKeyMode {
    return sendKeyMode(this.sendKey, this.touchOnly);
  }

  /** @internal */
  get isDisabled(): boolean {
    return this.disabled || this.formDisabled;
  }
}
