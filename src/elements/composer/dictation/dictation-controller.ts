import type { Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { nothing, ReactiveController, TemplateResult } from 'lit';
import { emit } from '../../shared/events.js';
import type { ComposerContext } from '../editor/composer-context.js';
import { renderDictationButton } from './dictation-button.js';
import { dictationKeymap } from './dictation-keymap.js';
import {
  dictationField,
  endDictation,
  outsideChips,
  phraseInsertion,
  showInterim,
  startDictation,
} from './dictation-state.js';
import { interimText } from './interim-text.js';
import { isPermissionRefusal, type SpeechRecognizerAdapter, type SpeechResult } from './speech-recognizer.js';

/** How long dictation waits for a result before it ends, by default. */
export const DEFAULT_DICTATION_SILENCE = 3000;

export interface DictationOptions {
  /** The host's recognizer; no microphone button without one. */
  recognizer(): SpeechRecognizerAdapter | undefined;
  /** Milliseconds without a result after which dictation ends (`dictation-silence`); 0 never. */
  silence(): number;
}

/**
 * Dictation's view side: runs the recognizer while dictating, turns each final result into one
 * transaction at the dictation point and each interim one into the state's guess, and ends
 * dictation on the button, Escape, submit, `disabled` or `readonly`, disconnect, silence, the
 * recognizer's end or its error (with a notice). Whatever ends it, the guess on screen is kept as
 * text first, so nothing heard is lost. Start and end are announced and fire `t3-dictation-change`.
 */
export class DictationController implements ReactiveController {
  /** The running dictation's abort controller; undefined while not dictating. */
  private running: AbortController | undefined;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  /** Phrases heard during an IME composition, inserted once it is confirmed (text beside it would break it). */
  private readonly held: string[] = [];
  /** Dictation was stopped while phrases were held: the state ends it once they are in. */
  private endHeld = false;
  private awaitingComposition = false;

  constructor(
    private readonly context: ComposerContext,
    private readonly options: DictationOptions,
  ) {
    context.host.addController(this);
  }

  get active(): boolean {
    return this.running !== undefined;
  }

  /** Whether the recognizer's guess is on screen. */
  get hasGuess(): boolean {
    return !!this.context.state.field(dictationField, false)?.interim;
  }

  /** The state field (a new draft's state keeps dictating, from its caret), the interim text and the keys. */
  extension(): Extension {
    return [
      // Also while phrases wait for a composition after dictation was stopped: they still go in.
      dictationField.init((state) =>
        this.active || this.endHeld ? { point: outsideChips(state, state.selection.main.head), interim: '' } : null,
      ),
      interimText,
      dictationKeymap({ toggle: () => this.toggle(), stop: () => this.stop() }),
    ];
  }

  hostUpdate(): void {
    if (this.active && !this.canDictate()) this.stop();
  }

  hostDisconnected(): void {
    this.stop(undefined, { now: true });
  }

  toggle(): boolean {
    return this.active ? this.stop() : this.start();
  }

  start(): boolean {
    const recognizer = this.options.recognizer();
    if (this.active || !recognizer || !this.canDictate()) return false;
    const running = new AbortController();
    this.running = running;
    // Started again before a composition let the last dictation's phrases in: they go into this one.
    this.endHeld = false;
    const state = this.context.state;
    this.context.dispatch({ effects: startDictation.of(outsideChips(state, state.selection.main.head)) });
    this.context.notices.announce(this.context.config.locale.dictationStarted);
    this.changed(true);
    this.restartSilence();
    void this.listen(recognizer, running);
    return true;
  }

  /**
   * Ends dictation, keeping the guess on screen as text; with `failure`, that notice shows (and is
   * announced) instead of the end's announcement. During an IME composition the guess goes in once
   * the composition is confirmed, unless `now` (the draft is sent or left now). False when not dictating.
   */
  stop(failure?: string, { now = false }: { now?: boolean } = {}): boolean {
    const running = this.running;
    if (!running) {
      if (now) this.insertHeld(true);
      return false;
    }
    this.running = undefined;
    clearTimeout(this.silenceTimer);
    running.abort();
    const interim = this.context.state.field(dictationField, false)?.interim.trim();
    if (interim) this.held.push(interim);
    this.endHeld = true;
    this.insertHeld(now);
    if (failure) this.context.notices.show(failure);
    else this.context.notices.announce(this.context.config.locale.dictationEnded);
    this.changed(false);
    return true;
  }

  renderButton(): TemplateResult | typeof nothing {
    return renderDictationButton({
      // `null` too: frameworks pass an absent property as null.
      available: this.options.recognizer() != null,
      active: this.active,
      disabled: this.context.disabled || this.context.host.readonly,
      locale: this.context.config.locale,
      toggle: () => {
        this.toggle();
        this.context.focus();
      },
    });
  }

  private async listen(recognizer: SpeechRecognizerAdapter, running: AbortController): Promise<void> {
    const { locale } = this.context.config;
    try {
      const awaitingPermission = () => {
        if (this.running === running) clearTimeout(this.silenceTimer);
      };
      for await (const result of recognizer.start({ lang: this.lang(), signal: running.signal, awaitingPermission })) {
        if (this.running !== running) break;
        this.take(result);
      }
      if (this.running === running) this.stop();
    } catch (error) {
      if (this.running === running) this.stop(isPermissionRefusal(error) ? locale.micDenied : locale.dictationFailed);
    }
  }

  /** A final result becomes text at the point (one undo step); an interim one replaces the guess. */
  private take(result: SpeechResult): void {
    if (typeof result?.text !== 'string') return;
    this.restartSilence();
    const text = result.text.trim();
    if (!result.final || text === '') this.showGuess(result.final ? '' : text);
    else {
      this.held.push(text);
      this.insertHeld();
    }
  }

  /** The recognizer's latest guess; the composer is drawn again when a guess appears or goes (the send button). */
  private showGuess(text: string): void {
    const had = this.hasGuess;
    this.context.dispatch({ effects: showInterim.of(text) });
    if (had !== this.hasGuess) this.context.host.requestUpdate();
  }

  /**
   * Inserts the phrases heard so far, each as one transaction at the point, then ends dictation in
   * the state if it was stopped. While an IME composition is under way (and the composer is in the
   * page) they wait for it to be confirmed, so the composed text stays whole and they go after it.
   */
  private insertHeld(now = false): void {
    const view = this.context.view;
    if (!now && view?.composing && this.context.host.isConnected) {
      this.showGuess('');
      this.afterComposition(view);
      return;
    }
    for (const text of this.held.splice(0)) {
      const phrase = phraseInsertion(this.context.state, text);
      if (phrase) this.context.dispatch(phrase);
    }
    if (this.endHeld) {
      this.endHeld = false;
      this.context.dispatch({ effects: endDictation.of(null) });
    }
  }

  private afterComposition(view: EditorView): void {
    if (this.awaitingComposition) return;
    this.awaitingComposition = true;
    const confirmed = () =>
      // CodeMirror reads the confirmed text after the event: the phrases go in once it has.
      setTimeout(() => {
        this.awaitingComposition = false;
        this.insertHeld();
      });
    view.contentDOM.addEventListener('compositionend', confirmed, { once: true });
  }

  /**
   * (Re)starts the silence timer: no result within `dictation-silence` ms ends dictation, counted
   * from the start too, so a recognizer that never hears anything never leaves a microphone open.
   * While the browser asks for the microphone (the recognizer's `awaitingPermission`) nothing
   * counts; listening then begins with an empty guess, which starts the count, as every result does.
   */
  private restartSilence(): void {
    clearTimeout(this.silenceTimer);
    const given = this.options.silence();
    const silence = Number.isFinite(given) && given >= 0 ? given : DEFAULT_DICTATION_SILENCE;
    if (silence > 0) this.silenceTimer = setTimeout(() => this.stop(), silence);
  }

  private canDictate(): boolean {
    const { host } = this.context;
    return host.isConnected && !this.context.disabled && !host.readonly && this.options.recognizer() != null;
  }

  /** The composer's language (its own `lang` or an ancestor's), else the page's, else the browser's. */
  private lang(): string {
    const { host } = this.context;
    const own = host.closest('[lang]')?.getAttribute('lang');
    return own || document.documentElement.lang || globalThis.navigator?.language || 'en';
  }

  private changed(active: boolean): void {
    emit(this.context.host, 't3-dictation-change', { active });
    this.context.host.requestUpdate();
  }
}
