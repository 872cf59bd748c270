import type { T3Composer } from '../../src/composer.js';
import type { Citation } from '../../src/core/index.js';
import { citationFromSelection, findCitation, highlightCitation } from '../../src/index.js';
import { ENVIRONMENT_ID } from './host-api.js';

/**
 * Citations in the demo: selecting text in a reply shows a Cite button beside the selection,
 * which puts the quote in the composer as a citation chip; activating that chip in a sent message
 * scrolls to the quoted passage and highlights it, found again in the reply as it is rendered now.
 */

interface CitationView {
  transcript: HTMLElement;
  composer: T3Composer;
  status: HTMLElement;
  thread(): string;
}

/** The rendered text of a reply: what the simulated assistant answered. */
const REPLY_TEXT = 'li.entry.assistant .reply-body';

const STYLES = `
.cite-control {
  position: fixed;
  z-index: 10;
  padding: 0.3em 0.7em;
  border: 1px solid rgb(0 0 0 / 0.2);
  border-radius: 6px;
  background: #1f2937;
  color: #fff;
  font: 600 13px/1.4 system-ui, sans-serif;
  cursor: pointer;
  box-shadow: 0 4px 14px rgb(0 0 0 / 0.2);
}
.cite-control[hidden] { display: none; }
`;

export function setUpCitations(view: CitationView): void {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cite-control';
  button.textContent = 'Cite in composer';
  button.hidden = true;
  document.body.append(button);

  const place = () => {
    const reply = selectedReply();
    button.hidden = !reply;
    if (!reply) return;
    const rect = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
    const top =
      rect.bottom + 6 + button.offsetHeight > innerHeight ? rect.top - button.offsetHeight - 6 : rect.bottom + 6;
    button.style.setProperty('left', `${Math.max(8, Math.min(rect.left, innerWidth - button.offsetWidth - 8))}px`);
    button.style.setProperty('top', `${Math.max(8, top)}px`);
  };
  let frame = 0;
  document.addEventListener('selectionchange', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(place);
  });

  // The selection stays while the button is pressed.
  button.addEventListener('mousedown', (event) => event.preventDefault());
  button.addEventListener('click', () => {
    const reply = selectedReply();
    if (!reply) return;
    const entry = reply.closest<HTMLElement>('li.entry')!;
    const source = { environmentId: ENVIRONMENT_ID, threadId: view.thread(), messageId: entry.dataset.messageId! };
    const citation = citationFromSelection(window.getSelection(), reply, source);
    if ('error' in citation) {
      view.status.textContent = citation.message;
      return;
    }
    const inserted = view.composer.insertCitation(citation);
    if (!inserted.ok) {
      view.status.textContent = inserted.error;
      return;
    }
    window.getSelection()!.removeAllRanges();
    button.hidden = true;
    view.composer.focus();
  });

  view.transcript.addEventListener('t3-citation-activate', (event) => {
    const chip = event.composedPath()[0];
    const shown = showSource(view, event.detail.citation);
    // The chip stays; its details (open while it has focus) say the reply is gone and show the saved quote.
    if (chip instanceof HTMLElement && chip.localName === 't3-context-chip')
      chip.toggleAttribute('source-unavailable', !shown);
  });
}

/**
 * The reply a non-empty selection starts in. Its end may lie further on (a triple click ends at the
 * start of the next entry): citationFromSelection tells whether it holds text of another message.
 */
function selectedReply(): HTMLElement | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  return elementOf(selection.getRangeAt(0).startContainer)?.closest<HTMLElement>(REPLY_TEXT) ?? null;
}

function elementOf(node: Node): Element | null {
  return node instanceof Element ? node : node.parentElement;
}

/** Scrolls to the quoted passage and highlights it; says so, with the saved quote, when it is gone. */
function showSource(view: CitationView, citation: Citation): boolean {
  const entry =
    citation.environmentId === ENVIRONMENT_ID && citation.threadId === view.thread()
      ? view.transcript.querySelector(`li.entry[data-message-id="${CSS.escape(citation.messageId)}"]`)
      : null;
  const reply = entry?.querySelector<HTMLElement>('.reply-body');
  const range = reply ? findCitation(reply, citation) : null;
  if (!reply || !range) {
    view.status.textContent = `The quoted reply is not shown here. The saved quote: “${citation.text}”`;
    return false;
  }
  view.status.textContent = '';
  highlightCitation(range);
  return true;
}
