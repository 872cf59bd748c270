import type { AssistantMessage, ThreadMessage } from './host-api.js';
import { renderReplyMarkdown, replyStatus } from './reply-markdown.js';

type UserEntry = Extract<ThreadMessage, { role: 'user' }>;

/**
 * A reply of the simulated assistant: a status line, the answer rendered as Markdown (built as DOM
 * nodes, raw HTML only ever text), then a collapsed inspector (a `<details>`) holding what a model
 * would receive, plain text in a `<pre>`. When the user message also had a prompt with input
 * annotations, a second inspector shows that path too. The answer's Markdown source is kept in the
 * body's `data-markdown`, so the text streamed so far can grow piece by piece.
 */
export function inspectorOf(reply: AssistantMessage, original: UserEntry | undefined): HTMLElement {
  const turn = document.createElement('article');
  turn.className = 'reply';
  turn.setAttribute('aria-label', 'Assistant reply');
  const status = document.createElement('p');
  status.className = 'reply-status';
  const body = document.createElement('div');
  body.className = 'reply-body';
  body.dataset.markdown = reply.text;
  renderBody(body);

  const details = document.createElement('details');
  details.className = 'inspector';
  const summary = document.createElement('summary');
  const title = document.createElement('span');
  title.textContent =
    reply.via === 'projection'
      ? 'What the model receives'
      : 'What the model receives (the prompt; annotations beside it)';
  const size = document.createElement('span');
  size.className = 'inspector-size';
  size.textContent = `${reply.modelInput.length.toLocaleString('en')} characters`;
  summary.append(title, size);
  const input = document.createElement('pre');
  input.className = 'projection';
  input.tabIndex = 0;
  input.setAttribute('aria-label', 'What the model receives');
  input.textContent = reply.modelInput;
  details.append(summary, input);
  if (reply.via === 'annotations' && reply.inputAnnotations.length > 0) {
    details.append(annotationList(reply.inputAnnotations));
  }
  turn.append(status, body, details);
  if (reply.via === 'projection' && original?.prompt && original.inputAnnotations.length > 0) {
    turn.append(annotationPath(original.prompt, original.inputAnnotations));
  }
  settle(turn, reply);
  return turn;
}

/** Adds the next piece of a streaming reply; the Markdown is built again once per frame at most. */
export function appendToReply(entry: HTMLElement, piece: string): void {
  const body = entry.querySelector<HTMLElement>('.reply-body');
  if (!body) return;
  body.dataset.markdown = (body.dataset.markdown ?? '') + piece;
  scheduleRender(body);
}

/** Shows a reply's final state (complete or stopped) with its stored text. */
export function settleInspector(entry: HTMLElement, reply: AssistantMessage): void {
  const turn = entry.querySelector<HTMLElement>('.reply');
  const body = entry.querySelector<HTMLElement>('.reply-body');
  if (!turn || !body) return;
  body.dataset.markdown = reply.text;
  renderBody(body);
  settle(turn, reply);
}

const pending = new Set<HTMLElement>();

function scheduleRender(body: HTMLElement): void {
  if (pending.has(body)) return;
  pending.add(body);
  requestAnimationFrame(() => {
    pending.delete(body);
    renderBody(body);
  });
}

function renderBody(body: HTMLElement): void {
  renderReplyMarkdown(body, body.dataset.markdown ?? '');
}

function settle(turn: HTMLElement, reply: Pick<AssistantMessage, 'state' | 'stopReason'>): void {
  turn.dataset.state = reply.state;
  turn.setAttribute('aria-busy', String(reply.state === 'streaming'));
  turn.querySelector('.reply-status')!.textContent = replyStatus(reply);
}

function annotationList(annotations: readonly unknown[]): HTMLElement {
  const list = document.createElement('pre');
  list.className = 'annotations';
  list.tabIndex = 0;
  list.setAttribute('aria-label', 'Input annotations');
  list.textContent = JSON.stringify(annotations, null, 2);
  return list;
}

/** The same message on the annotation path: the plain prompt a model reads, and its annotations. */
function annotationPath(prompt: string, annotations: readonly unknown[]): HTMLElement {
  const details = document.createElement('details');
  details.className = 'inspector annotation-path';
  const summary = document.createElement('summary');
  const title = document.createElement('span');
  title.textContent = 'The same message on the annotation path: the prompt and its annotations';
  summary.append(title);
  const body = document.createElement('pre');
  body.className = 'prompt';
  body.tabIndex = 0;
  body.setAttribute('aria-label', 'Prompt');
  body.textContent = prompt;
  details.append(summary, body, annotationList(annotations));
  return details;
}
