/** User-visible strings. Hosts override any subset through `locale` on an element or a scope. */
export interface T3Locale {
  /** Accessible name of a chip's remove button; `{label}` is replaced by the chip label. */
  remove: string;
  unresolved: string;
  notInEnvironment: string;
  loading: string;
  noResults: string;
  providerError: string;
  attachmentsPending: string;
  limitRecords: string;
  limitChips: string;
  maxLength: string;
  confirmRemoveImage: string;
  /** The two answers to `confirmRemoveImage`. */
  confirmRemove: string;
  confirmKeep: string;
  /** Label of a message's copy control. */
  copy: string;
  copied: string;
  /** Live-region announcements; `{label}` and `{count}` are replaced. */
  chipAdded: string;
  chipRemoved: string;
  chipsAdded: string;
  chipsRemoved: string;
  resultsCount: string;
  /** Accessible names of the two menus, and the group headings of slash commands. */
  mentionsMenu: string;
  commandsMenu: string;
  commandsCustom: string;
  commandsSkill: string;
  commandsSystem: string;
  /** A required argument slot left empty at send; `{name}` is the argument's name. */
  argumentRequired: string;
  /** Stash notices: nothing to stash, and the oldest entry dropped to make room. */
  stashEmpty: string;
  stashFull: string;
  /** Persistence notices: the store failed or did not answer; a file too large to keep. */
  draftNotSaved: string;
  draftTooLarge: string;
  /** Accessible names of the composer's send and stop buttons. */
  send: string;
  stop: string;
  /**
   * The queue of follow-ups: its name, an entry's two buttons (`{preview}` is the entry's text),
   * the notice of `queue-mode="block"`.
   */
  queue: string;
  queueEdit: string;
  queueRemove: string;
  queueBlocked: string;
  /** Announced when a follow-up is queued; `{preview}` is its text. */
  queued: string;
  /** A queue that waits (after Stop or a failed send), its button that sends again, and its size (`{count}`). */
  queuePaused: string;
  resumeQueue: string;
  queuedCount: string;
  /** What Enter does while the assistant works, as the send button says: queue the draft, or send it into the turn. */
  queueFollowUp: string;
  steerNow: string;
  /** A queued entry's Send now button and drag handle (`{preview}` is its text), and where a move put it. */
  sendNow: string;
  queueMove: string;
  queueMoved: string;
  /**
   * A send the host refused (its `waitUntil` promise rejected), without and with the reason it gave
   * (`{message}`, ended as a sentence); a stashed draft that may not have been sent (the page went
   * away during the send).
   */
  notSent: string;
  notSentBecause: string;
  maybeNotSent: string;
  /** Where a refused send's draft is now: back in the composer, back in the paused queue, in the stash. */
  backInComposer: string;
  backInQueue: string;
  keptInStash: string;
  /** A host's `dropResolver` failed: the drop was taken as the composer takes it without one. */
  dropFailed: string;
  /** Name of the file a long paste becomes; `{number}` keeps names apart within a draft. */
  pastedText: string;
  /** A text file's line count in its chip's details; `{count}` is replaced. */
  lineCount: string;
  lineCountOne: string;
  /** The button in a pasted-text chip's details that puts the text back in place of the chip. */
  expandText: string;
  /** A message's Edit control, the accessible name of its inline editor, and the editor's two buttons. */
  edit: string;
  editor: string;
  save: string;
  cancel: string;
  /** Asked before the changes of an edited message are lost, with its two answers. */
  discardEdit: string;
  discard: string;
  keepEditing: string;
  /**
   * An edit the host refused (its `waitUntil` promise rejected), without and with the reason it gave
   * (`{message}`, ended as a sentence).
   */
  editNotSaved: string;
  editNotSavedBecause: string;
  /** The composer's microphone button (its name, and its tooltip while dictating). */
  dictate: string;
  stopDictation: string;
  /** Dictation ended by a refused microphone, or by the recognizer failing. */
  micDenied: string;
  dictationFailed: string;
  /** Announced when dictation starts and ends. */
  dictationStarted: string;
  dictationEnded: string;
  /** A selection too long to cite (over 8,000 characters), a selection that is not one message's, an empty one. */
  citationTooLong: string;
  citationSpansMessages: string;
  citationEmpty: string;
  /** A citation chip's details: its headings, the Edit comment control, its field and a source not found. */
  citationQuote: string;
  citationComment: string;
  citationSource: string;
  citationEditComment: string;
  citationCommentField: string;
  /** The comment form refuses a comment over 8,000 characters (T3 Code's limit) and keeps it open. */
  citationCommentTooLong: string;
  citationUnavailable: string;
  /** The editor's description while the draft holds chips: the key that reaches a chip's own controls. */
  chipControlsKey: string;
  /**
   * Uploads (the composer's `uploadAttachment`): a file's progress bar (`{label}` is its name), its
   * failure without and with the host's reason (`{message}`, ended as a sentence), and its Retry button.
   */
  uploading: string;
  uploadFailed: string;
  uploadFailedBecause: string;
  retryUpload: string;
  /** A send waiting for its files' uploads (its progress bar's name), and why it came back after Stop. */
  sendingAfterUploads: string;
  uploadWaitStopped: string;
}

/**
 * The strings of a message and a chip (its details, its controls, a message's editing): all a page
 * of messages shows. The composer's own strings come with the composer (`composer-strings.ts`).
 */
const MESSAGE_STRINGS = {
  remove: 'Remove {label}',
  unresolved: 'This context is no longer available. Remove it or attach it again.',
  notInEnvironment: 'Not available in this environment',
  loading: 'Loading…',
  copy: 'Copy message',
  copied: 'Copied',
  lineCount: '{count} lines',
  lineCountOne: '1 line',
  expandText: 'Expand to text',
  citationQuote: 'Quote',
  citationComment: 'Comment',
  citationSource: 'Source',
  citationUnavailable: 'The quoted reply is not available here; this is the saved quote.',
  uploading: 'Uploading {label}',
  uploadFailed: '{label} could not be uploaded. Retry, or remove it.',
  uploadFailedBecause: '{label} could not be uploaded: {message} Retry, or remove it.',
  retryUpload: 'Retry uploading {label}',
} satisfies Partial<T3Locale>;

/** The keys whose default strings come with a page of messages; the composer brings the rest. */
export type MessageStringKey = keyof typeof MESSAGE_STRINGS;

const defaultStrings = { ...MESSAGE_STRINGS } as T3Locale;
/** How many sets of strings have joined the defaults; a merged locale made before the last one lacks it. */
let generation = 0;
const completedAt = new WeakMap<object, number>();
const completions = new WeakMap<object, T3Locale>();

/**
 * The default strings of the elements on the page. A page of messages loads a message's and a
 * chip's strings; the composer's join when its module loads (`registerDefaultStrings`), so on a
 * page whose composer is defined every key is here, and a page without one loads none of them.
 */
export const DEFAULT_LOCALE: Readonly<T3Locale> = defaultStrings;

/** Adds default strings (the composer's, as its module loads); a locale merged before gets them on its next read. */
export function registerDefaultStrings(strings: Readonly<Partial<T3Locale>>): void {
  Object.assign(defaultStrings, strings);
  generation += 1;
}

/**
 * `locale` with every default string registered by now under it: a host's overrides merged before
 * the composer's strings joined the defaults (a scope configured before a composer was loaded) keep
 * their place, and the composer's strings fill in what they do not set. The same object while
 * nothing has joined since it was made; one completion per stale locale, shared by its elements.
 */
export function completeLocale(locale: T3Locale): T3Locale {
  if (locale === defaultStrings || completedAt.get(locale) === generation) return locale;
  const cached = completions.get(locale);
  if (cached && completedAt.get(cached) === generation) return cached;
  const complete = mergedLocale(locale, {});
  completions.set(locale, complete);
  return complete;
}

/** `overrides` over `base` over every default string registered by now. */
export function mergedLocale(base: Readonly<Partial<T3Locale>>, overrides: Readonly<Partial<T3Locale>>): T3Locale {
  const merged = { ...defaultStrings, ...base, ...overrides };
  completedAt.set(merged, generation);
  return merged;
}

/** A sentence's last mark, before any closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？]['"’”»)\]]*$/u;

/**
 * Text as a sentence of a notice: a full stop added unless it already ends with one, so a host's
 * message never runs into the sentence after it ("Not sent: database is locked. Your message…").
 */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return trimmed === '' || SENTENCE_END.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Replaces `{name}` placeholders; unknown placeholders stay as written. */
export function formatMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
