import { domTarget } from '../../src/elements/user-message/body-target.js';
import { parseMessageMarkdown, renderMessageMarkdown } from '../../src/elements/user-message/markdown.js';
import type { AssistantMessage } from './host-api.js';

/**
 * A reply's answer and status line, as every page built on the demo's modules shows them (the main
 * page, and the React and Vue pages). The answer is rendered with the package's Markdown renderer:
 * DOM nodes, never an HTML string, so raw HTML in it can only ever show as text; each paragraph,
 * list, quote and heading reads in the direction of its own text (`dir="auto"`).
 */

/** This demo has no model: its simulated assistant describes what it received. */
const STATE_LABELS: Record<string, string> = {
  streaming: 'Simulated assistant · answering…',
  complete: 'Simulated assistant · answered',
  'stop-request': 'Simulated assistant · stopped',
  'client-gone': 'Simulated assistant · stopped: the page closed the connection',
  'host-restart': 'Simulated assistant · interrupted: the host stopped',
  steered: 'Simulated assistant · ended early: your next message steered it',
};

/** What the status line above a reply says for its state. */
export const replyStatus = ({ state, stopReason }: Pick<AssistantMessage, 'state' | 'stopReason'>): string =>
  STATE_LABELS[stopReason ?? state] ?? state;

/** Renders `markdown` as the content of `body`, replacing what it held. */
export function renderReplyMarkdown(body: HTMLElement, markdown: string): void {
  // The answer never holds chips; a reference link in it shows as its label.
  const parsed = parseMessageMarkdown(markdown);
  body.replaceChildren(renderMessageMarkdown(parsed, domTarget, ({ label }) => new Text(label)) as DocumentFragment);
}
