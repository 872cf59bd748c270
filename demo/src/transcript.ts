import type { T3UserMessage } from '../../src/message.js';
import type { ThreadMessage } from './host-api.js';

/**
 * Renders a thread into `list`: each user message as a `<t3-user-message>` (record-driven when it
 * has a context or links, annotation-driven otherwise), each reply as the plain text a model reads.
 */
export function renderTranscript(list: HTMLElement, messages: readonly ThreadMessage[]): void {
  const byId = new Map(messages.map((message) => [message.id, message]));
  list.replaceChildren(...messages.map((message) => renderEntry(message, byId)));
  list.lastElementChild?.scrollIntoView({ block: 'end' });
}

function renderEntry(message: ThreadMessage, byId: ReadonlyMap<string, ThreadMessage>): HTMLElement {
  const entry = document.createElement('li');
  entry.className = `entry ${message.role}`;
  entry.dataset.messageId = message.id;
  if (message.role === 'user') entry.append(userMessage(message));
  else {
    entry.append(assistantReply(message));
    const original = byId.get(message.replyTo);
    if (message.via === 'projection' && original?.prompt && original.inputAnnotations.length > 0) {
      entry.append(annotationPath(original.prompt, original.inputAnnotations));
    }
  }
  return entry;
}

/** The same message on the annotation path: the plain prompt a model reads, and its annotations. */
function annotationPath(prompt: string, annotations: readonly unknown[]): HTMLElement {
  const details = document.createElement('details');
  details.className = 'reply annotation-path';
  const summary = document.createElement('summary');
  summary.textContent = 'Annotation path: the prompt and its input annotations';
  const body = document.createElement('pre');
  body.className = 'prompt';
  body.textContent = prompt;
  const list = document.createElement('pre');
  list.className = 'annotations';
  list.textContent = JSON.stringify(annotations, null, 2);
  details.append(summary, body, list);
  return details;
}

function userMessage(message: Extract<ThreadMessage, { role: 'user' }>): T3UserMessage {
  const element = document.createElement('t3-user-message');
  // A coding assistant's users write code, not formatted prose: plain text keeps `__init__`,
  // `*args` and `# comment` exactly as typed, where Markdown would turn them into emphasis and headings.
  element.format = 'text';
  const images = message.attachments.filter((attachment) => attachment.mimeType.startsWith('image/'));
  element.images = images.map(({ attachmentId, name, mimeType, url }) => ({ attachmentId, name, mimeType, src: url }));
  element.files = message.attachments
    .filter((attachment) => !attachment.mimeType.startsWith('image/'))
    .map(({ attachmentId, name, mimeType, sizeBytes, url }) => ({
      attachmentId,
      name,
      mimeType,
      sizeBytes,
      href: url,
    }));
  if (message.context || message.inputAnnotations.length === 0 || !message.prompt) {
    element.text = message.text;
    element.context = message.context;
  } else {
    element.content = message.prompt;
    element.inputAnnotations = message.inputAnnotations;
  }
  return element;
}

function assistantReply(message: Extract<ThreadMessage, { role: 'assistant' }>): HTMLElement {
  const reply = document.createElement('section');
  reply.className = 'reply';
  const heading = document.createElement('h3');
  heading.textContent =
    message.via === 'projection' ? 'What the model receives' : 'Prompt the model receives (annotations stay beside it)';
  const body = document.createElement('pre');
  body.className = 'projection';
  body.textContent = message.text;
  reply.append(heading, body);
  if (message.via === 'annotations' && message.inputAnnotations.length > 0) {
    const annotations = document.createElement('pre');
    annotations.className = 'annotations';
    annotations.textContent = JSON.stringify(message.inputAnnotations, null, 2);
    reply.append(annotations);
  }
  return reply;
}
