import type { AssistantMessage, ThreadMessage } from './host-api.js';

type UserEntry = Extract<ThreadMessage, { role: 'user' }>;

/** This demo has no model: its assistant answers with exactly what a model would receive. */
const STATE_LABELS: Record<string, string> = {
  streaming: 'Simulated assistant · answering…',
  complete: 'Simulated assistant · answered',
  'stop-request': 'Simulated assistant · stopped',
  'client-gone': 'Simulated assistant · stopped: the page closed the connection',
  'host-restart': 'Simulated assistant · interrupted: the host stopped',
  steered: 'Simulated assistant · ended early: your next message steered it',
};

/**
 * A reply of the simulated assistant: a status line, then an inspector (a `<details>`) holding
 * what a model would receive, plain text in a `<pre>`, never Markdown with chips. When the user
 * message also had a prompt with input annotations, the inspector shows that path too.
 */
export function inspectorOf(reply: AssistantMessage, original: UserEntry | undefined, open: boolean): HTMLElement {
  const turn = document.createElement('article');
  turn.className = 'reply';
  turn.setAttribute('aria-label', 'Assistant reply');
  const status = document.createElement('p');
  status.className = 'reply-status';

  const details = document.createElement('details');
  details.className = 'inspector';
  details.open = open;
  const summary = document.createElement('summary');
  const title = document.createElement('span');
  title.textContent =
    reply.via === 'projection'
      ? 'What the model receives'
      : 'What the model receives (the prompt; annotations beside it)';
  const size = document.createElement('span');
  size.className = 'inspector-size';
  summary.append(title, size);
  const body = document.createElement('pre');
  body.className = 'projection';
  body.tabIndex = 0;
  body.setAttribute('aria-label', 'What the model receives');
  body.textContent = reply.text;
  details.append(summary, body);
  if (reply.via === 'annotations' && reply.inputAnnotations.length > 0) {
    details.append(annotationList(reply.inputAnnotations));
  }
  turn.append(status, details);
  if (reply.via === 'projection' && original?.prompt && original.inputAnnotations.length > 0) {
    turn.append(annotationPath(original.prompt, original.inputAnnotations));
  }
  settle(turn, reply.state, reply.stopReason, reply.text.length);
  return turn;
}

/** Updates a reply's status line and size: `reply` null while it streams. */
export function settleInspector(entry: HTMLElement, reply: AssistantMessage | null, length: number): void {
  const turn = entry.querySelector<HTMLElement>('.reply');
  if (turn) settle(turn, reply?.state ?? 'streaming', reply?.stopReason ?? null, length);
}

function settle(turn: HTMLElement, state: string, stopReason: string | null, length: number): void {
  turn.dataset.state = state;
  turn.setAttribute('aria-busy', String(state === 'streaming'));
  turn.querySelector('.reply-status')!.textContent = STATE_LABELS[stopReason ?? state] ?? state;
  turn.querySelector('.inspector-size')!.textContent = `${length.toLocaleString('en')} characters`;
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
  summary.textContent = 'The same message on the annotation path: the prompt and its annotations';
  const body = document.createElement('pre');
  body.className = 'prompt';
  body.tabIndex = 0;
  body.setAttribute('aria-label', 'Prompt');
  body.textContent = prompt;
  details.append(summary, body, annotationList(annotations));
  return details;
}
