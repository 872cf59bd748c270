import { isWebSpeechAvailable, type T3Composer, webSpeechRecognizer } from '../../src/composer.js';

/** The editor's Mod key is Cmd where it reads the platform as a Mac (as CodeMirror does), else Ctrl. */
const shortcut = () => (/Mac|iPhone|iPad/.test(navigator.platform) ? 'Cmd+Shift+Space' : 'Ctrl+Shift+Space');

/**
 * Dictation (SPEC §16) where the browser recognizes speech: the composer gets the Web Speech
 * adapter, so its microphone button shows (Ctrl/Cmd+Shift+Space toggles it). Where the browser
 * cannot, a note beside the composer says so rather than leaving the button silently missing.
 */
export function setUpDictation(composer: T3Composer): void {
  const available = isWebSpeechAvailable();
  if (available) composer.speechRecognizer = webSpeechRecognizer();
  const note = document.createElement('p');
  note.id = 'dictation-note';
  note.className = 'dictation-note';
  note.textContent = available
    ? `Dictate with the microphone button or ${shortcut()}; keep typing or pick mentions while you speak.`
    : 'Dictation is not available in this browser: it needs speech recognition on a secure (https) page.';
  note.style.fontSize = '0.85em';
  note.style.margin = '0';
  const meta = composer.closest('.composer-row')?.querySelector('.composer-meta');
  if (meta) meta.append(note);
  else composer.after(note);
}
