import { expect } from 'vitest';
import { CONTEXT_KINDS, type KnownContextKind } from '../../src/core/types.js';

/**
 * T3's decoded key order, written out from its schema (`packages/contracts/src/composerContext.ts`:
 * the base fields, then each kind's fields in struct order), independently of the decoder's tables.
 */
const BASE_KEYS = ['version', 'contextId', 'label', 'kind'];
const ATTACHMENT_KEYS = ['attachmentId', 'name', 'mimeType', 'sizeBytes'];
const ELEMENT_DETAIL_KEYS = [
  'pageUrl',
  'pageTitle',
  'tagName',
  'selector',
  'htmlPreview',
  'componentName',
  'source',
  'styles',
];
const KIND_KEYS: Record<KnownContextKind, string[]> = {
  image: ATTACHMENT_KEYS,
  file: ATTACHMENT_KEYS,
  terminal: ['terminalId', 'terminalLabel', 'lineStart', 'lineEnd', 'text'],
  element: ELEMENT_DETAIL_KEYS,
  'preview-annotation': [
    'annotationId',
    'pageUrl',
    'pageTitle',
    'comment',
    'targetSummary',
    'styleChanges',
    'elements',
    'elementIds',
    'regionCount',
    'strokeCount',
    'styleChangeDetails',
    'screenshotContextId',
  ],
  'review-comment': [
    'sectionId',
    'sectionTitle',
    'filePath',
    'startIndex',
    'endIndex',
    'rangeLabel',
    'text',
    'diff',
    'fenceLanguage',
    'sourceRevision',
    'sourceStale',
    'pullRequest',
  ],
  mention: ['path'],
  skill: ['name'],
  thread: ['environmentId', 'threadId', 'title'],
};
const NESTED_KEYS: Record<string, string[]> = {
  source: ['functionName', 'fileName', 'lineNumber', 'columnNumber'],
  elements: ELEMENT_DETAIL_KEYS,
  styleChangeDetails: ['targetId', 'selector', 'property', 'previousValue', 'value'],
  pullRequest: ['number', 'title', 'url', 'headBranch', 'baseBranch', 'state', 'isDraft'],
};

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isKnownKind(kind: unknown): kind is KnownContextKind {
  return (CONTEXT_KINDS as readonly unknown[]).includes(kind);
}

/** `order` restricted to the keys `object` has, in that order. */
function expectKeysInOrder(object: Json, order: readonly string[]): void {
  expect(Object.keys(object)).toEqual(order.filter((key) => Object.prototype.hasOwnProperty.call(object, key)));
}

/** Keys such as "0", which every JavaScript object lists first, in numeric order. */
const ARRAY_INDEX_KEY = /^(?:0|[1-9]\d*)$/;

/**
 * Asserts T3's key order on a decoded record, nested structs included. An unknown kind starts with
 * the base keys and `payload` (after any array-index keys among its extra fields, as in any object).
 */
export function expectT3KeyOrder(decoded: object): void {
  const record = decoded as Json;
  const { kind } = record;
  if (!isKnownKind(kind)) {
    const keys = Object.keys(record).filter((key) => !ARRAY_INDEX_KEY.test(key) || Number(key) >= 2 ** 32 - 1);
    expect(keys.slice(0, 4)).toEqual(BASE_KEYS);
    if ('payload' in record) expect(keys[4]).toBe('payload');
    return;
  }
  expectKeysInOrder(record, [...BASE_KEYS, ...KIND_KEYS[kind]]);
  const nested = (key: string, value: unknown): void => {
    const order = NESTED_KEYS[key];
    if (!order) return;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!isPlainObject(item)) continue;
      expectKeysInOrder(item, order);
      if (key === 'elements') nested('source', item.source);
    }
  };
  for (const [key, value] of Object.entries(record)) nested(key, value);
}

/** A copy of plain data with every object's keys in an order drawn from `seed`. */
export function shuffledKeys<T>(value: T, seed: number): T {
  let state = seed | 0;
  const next = (): number => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) | 0;
    return (state >>> 16) & 0x7fff;
  };
  const shuffle = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(shuffle);
    if (!isPlainObject(item)) return item;
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i > 0; i--) {
      const j = next() % (i + 1);
      [entries[i], entries[j]] = [entries[j], entries[i]];
    }
    return Object.fromEntries(entries.map(([key, member]) => [key, shuffle(member)]));
  };
  return shuffle(value) as T;
}

/** The paths of every integer field of a known record (every number but `version`). */
export function integerPaths(record: Json): (string | number)[][] {
  const paths: (string | number)[][] = [];
  const walk = (value: unknown, path: (string | number)[]): void => {
    if (typeof value === 'number') paths.push(path);
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, index]));
    else if (isPlainObject(value)) for (const [key, member] of Object.entries(value)) walk(member, [...path, key]);
  };
  for (const [key, value] of Object.entries(record)) if (key !== 'version') walk(value, [key]);
  return paths;
}

/** Sets the value at `path` inside `root` (which holds every step of it). */
export function setAt(root: Json, path: readonly (string | number)[], value: unknown): void {
  let target = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last !== undefined) target[last] = value;
}
