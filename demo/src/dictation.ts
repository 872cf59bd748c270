import { isWebSpeechAvailable, type T3Composer, webSpeechRecognizer } from '../../src/composer.js';

/**
 * Dictation (SPEC §16) where the browser recognizes speech: the composer gets the Web Speech
 * adapter, so its microphone button shows (Ctrl/Cmd+Shift+Space toggles it). Where the browser
 * cannot, a short note beside the composer says so rather than leaving the button silently missing.
 */
export function setUpDictation(composer: T3Composer): void {
  if (isWebSpeechAvailable()) {
    composer.speechRecognizer = webSpeechRecognizer();
    return;
  }
  const note = document.createElement('p');
  note.id = 'dictation-note';
  note.className = 'dictation-note';
  note.textContent = 'Dictation is not available in this browser: it needs speech recognition on a secure page.';
  const meta = composer.closest('.composer-row')?.querySelector('.composer-meta');
  if (meta) meta.append(note);
  else composer.after(note);
}
