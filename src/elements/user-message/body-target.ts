import { render } from 'lit';
import { isTemplateResult } from 'lit/directive-helpers.js';
import {
  type Citation,
  type ContextRecord,
  type ContextReferenceOccurrence,
  type InputReferencePayload,
  walkAroundRanges,
} from '../../core/index.js';

/**
 * Where a message body is built. In the browser: DOM nodes, made directly (a transcript mounts
 * messages and chips by the thousand, and a template instance per token would cost more). On a
 * server, where there is no DOM: Lit templates (`body-templates.ts`), which `@lit-labs/ssr`
 * renders to HTML; a message the server rendered builds its first body in the browser as the same
 * templates, so hydration keeps the server's DOM, and builds DOM nodes from then on.
 */
export interface BodyTarget {
  fragment(): BodyParent;
  /** A new element appended to `parent`, to append to in turn. */
  element(parent: BodyParent, tag: BodyTag, attributes?: BodyAttributes): BodyParent;
  text(parent: BodyParent, value: string): void;
  /** A disabled task-list checkbox. */
  checkbox(parent: BodyParent, checked: boolean): void;
  /** Appends what `chip` or `citationChip` made. */
  append(parent: BodyParent, piece: BodyPiece): void;
  /**
   * Appends what a host drew for a token (a `Node`, or a Lit template): false, appending nothing,
   * for anything else (and for a `Node` where there is no DOM).
   */
  appendHostContent(parent: BodyParent, content: unknown): boolean;
  chip(chip: ChipSpec): BodyPiece;
  citationChip(citation: Citation, source: string): BodyPiece;
  /** What the element renders for the fragment. */
  finish(fragment: BodyParent): unknown;
}

/** An element or fragment of a target, opaque to the code that builds into it. */
export type BodyParent = object;
/** A chip made by a target. */
export type BodyPiece = object;

export type BodyTag =
  | 'p'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'h5'
  | 'h6'
  | 'blockquote'
  | 'ul'
  | 'ol'
  | 'li'
  | 'table'
  | 'thead'
  | 'tbody'
  | 'tr'
  | 'th'
  | 'td'
  | 'pre'
  | 'code'
  | 'em'
  | 'strong'
  | 'del'
  | 'a'
  | 'hr'
  | 'br';

/** The attributes a body element may carry: fixed names, so a server template can bind each. */
export interface BodyAttributes {
  class?: string;
  dir?: string;
  href?: string;
  title?: string;
  target?: string;
  rel?: string;
  start?: string;
  'data-language'?: string;
}

export const BODY_ATTRIBUTE_NAMES = [
  'class',
  'dir',
  'href',
  'title',
  'target',
  'rel',
  'start',
  'data-language',
] as const satisfies readonly (keyof BodyAttributes)[];

export interface ChipSpec {
  kind: string;
  contextId: string;
  label: string;
  record: ContextRecord | undefined;
  reference?: InputReferencePayload;
  related: readonly ContextRecord[];
  /** What a copy of the chip writes. */
  copy: string;
}

/**
 * `exportparts` re-exports the chip's parts so a page can style the chips of a message; the
 * chip's `placement` is left at its default, `message`. Chips are `draggable`: a drag carries the
 * chip with its record (`message-drag.ts`).
 */
export const CHIP_EXPORT_PARTS =
  'base: chip, icon: chip-icon, label: chip-label, value: chip-value, details: chip-details, expanded: chip-expanded';

export type CreateChip = (occurrence: ContextReferenceOccurrence, index: number) => BodyPiece;

/** Verbatim text with a chip at each occurrence, appended to `parent`. */
export function appendTextWithChips(
  target: BodyTarget,
  parent: BodyParent,
  text: string,
  occurrences: readonly ContextReferenceOccurrence[],
  createChip: CreateChip,
): void {
  walkAroundRanges(
    text,
    occurrences,
    (between) => target.text(parent, between),
    (occurrence, index) => target.append(parent, createChip(occurrence, index)),
  );
}

/** The browser's target: DOM nodes. */
export const domTarget: BodyTarget = {
  fragment: () => document.createDocumentFragment(),
  element(parent, tag, attributes) {
    const element = document.createElement(tag);
    if (attributes) {
      for (const name of BODY_ATTRIBUTE_NAMES) {
        const value = attributes[name];
        if (value !== undefined) element.setAttribute(name, value);
      }
    }
    (parent as Node).appendChild(element);
    return element;
  },
  text(parent, value) {
    if (value === '') return;
    const last = (parent as Node).lastChild;
    if (last?.nodeType === Node.TEXT_NODE) (last as Text).appendData(value);
    else (parent as Node).appendChild(document.createTextNode(value));
  },
  checkbox(parent, checked) {
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.disabled = true;
    box.toggleAttribute('checked', checked);
    (parent as Node).appendChild(box);
  },
  append: (parent, piece) => void (parent as Node).appendChild(piece as Node),
  appendHostContent(parent, content) {
    if (content instanceof Node) {
      (parent as Node).appendChild(content);
      return true;
    }
    if (!isTemplateResult(content)) return false;
    const fragment = document.createDocumentFragment();
    render(content, fragment);
    (parent as Node).appendChild(fragment);
    return true;
  },
  chip(chip) {
    const element = document.createElement('t3-context-chip');
    element.setAttribute('kind', chip.kind);
    element.setAttribute('context-id', chip.contextId);
    element.setAttribute('label', chip.label);
    element.setAttribute('exportparts', CHIP_EXPORT_PARTS);
    element.setAttribute('draggable', 'true');
    element.dataset.copy = chip.copy;
    element.record = chip.record;
    element.reference = chip.reference;
    element.relatedRecords = chip.related;
    return element;
  },
  citationChip(citation, source) {
    const element = document.createElement('t3-context-chip');
    element.setAttribute('kind', 'citation');
    element.setAttribute('exportparts', CHIP_EXPORT_PARTS);
    element.setAttribute('draggable', 'true');
    element.dataset.copy = source;
    element.citation = citation;
    return element;
  },
  finish: (fragment) => fragment,
};
