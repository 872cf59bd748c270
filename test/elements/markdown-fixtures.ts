import { expect } from '@open-wc/testing';
import { render } from 'lit';
import { collectContextReferences, type ContextReferenceOccurrence } from '../../src/core/references.js';
import { parseMessageMarkdown, renderMessageMarkdown } from '../../src/elements/user-message/markdown.js';
import { markdownLexer } from '../../src/elements/user-message/markdown-lexer.js';
import { domTarget } from '../../src/elements/user-message/body-target.js';

/** Markdown rendered into the page with stand-in chips, and the checks the Markdown tests share. */
declare global {
  interface Window {
    __xss?: unknown;
  }
}

export function chip(occurrence: ContextReferenceOccurrence, index: number): HTMLElement {
  const element = document.createElement('span');
  element.className = 'chip';
  element.dataset.id = occurrence.contextId;
  element.dataset.index = String(index);
  element.textContent = occurrence.label;
  return element;
}

export const containers: HTMLElement[] = [];

/** Counts the lexer's runs until `restore`. */
export function countLexing(): { calls: number; restore(): void } {
  const original = markdownLexer.lex;
  const counter = {
    calls: 0,
    restore: () => void (markdownLexer.lex = original),
  };
  markdownLexer.lex = (...args) => {
    counter.calls++;
    return original.apply(markdownLexer, args);
  };
  return counter;
}

export function renderMarkdown(text: string): HTMLDivElement {
  const container = document.createElement('div');
  render(renderMessageMarkdown(parseMessageMarkdown(text), domTarget, chip), container);
  document.body.append(container);
  containers.push(container);
  return container;
}

export function chipsOf(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.chip'));
}

/** Chips are exactly the occurrences, in order, each once. */
export function expectChipsMatchReferences(root: Element, text: string) {
  const occurrences = collectContextReferences(text);
  const chips = chipsOf(root);
  expect(chips.map((element) => element.dataset.index)).to.deep.equal(occurrences.map((_, index) => String(index)));
  expect(chips.map((element) => element.dataset.id)).to.deep.equal(
    occurrences.map((occurrence) => occurrence.contextId),
  );
}

/** Asserts that nothing matches, naming the offending markup (chai's own element formatting is avoided). */
export function expectNone(root: Element, selector: string, message = selector) {
  expect(root.querySelector(selector)?.outerHTML ?? null, message).to.equal(null);
}

export function text(root: Element): string {
  return root.textContent ?? '';
}

export const ref = (id: string, label = id) => `[${label}](t3-context://v1/file/${id})`;
