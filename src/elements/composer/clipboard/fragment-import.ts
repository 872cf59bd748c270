import {
  type ContextClipboardFragment,
  type ContextRecord,
  collectContextReferences,
  replaceContextReferences,
  toContextId,
  toKindScopedContextId,
} from '../../../core/index.js';

/** An image or file record whose bytes must be fetched from the environment it was copied in. */
export interface BinaryToFetch {
  record: ContextRecord & { attachmentId: string };
  sourceAttachmentId: string;
}

export interface FragmentImport {
  /** The pasted text with links rewritten to the ids the records got in this draft. */
  text: string;
  /** Records to add to the draft. */
  records: ContextRecord[];
  binaries: BinaryToFetch[];
}

/**
 * Plans how a pasted fragment joins a draft. Only records the pasted text references are
 * imported. A text record whose id is free is kept; one whose id exists with identical content is
 * reused; one whose id exists with other content gets `toContextId(id + '-' + n)`. Pasted images
 * and files always get a fresh local attachment id (their bytes are fetched again) and the
 * matching kind-scoped context id. A saved draft coming back (`keepBinaryIds`: a refused send, a
 * stash entry, a queued entry) brings its bytes along, so its images and files keep their ids as
 * text records do, and only one whose id clashes gets fresh ones. Pasted links are rewritten
 * accordingly; nothing already in the draft changes.
 */
export function planFragmentImport(
  text: string,
  fragment: ContextClipboardFragment,
  existing: ReadonlyMap<string, ContextRecord>,
  newLocalId: () => string,
  { keepBinaryIds = false } = {},
): FragmentImport {
  const referenced = new Set(collectContextReferences(text).map((occurrence) => occurrence.contextId));
  const renamed = new Map<string, string>();
  const records: ContextRecord[] = [];
  const binaries: BinaryToFetch[] = [];
  const taken = new Set(existing.keys());

  for (const record of fragment.records) {
    if (!referenced.has(record.contextId) || renamed.has(record.contextId)) continue;
    const binary = isBinary(record) ? record : undefined;
    const current = existing.get(record.contextId);
    if (binary && (!keepBinaryIds || (current && !sameContent(current, record)))) {
      const localId = newLocalId();
      const imported = { ...binary, contextId: toKindScopedContextId(binary.kind, localId), attachmentId: localId };
      binaries.push({ record: imported, sourceAttachmentId: binary.attachmentId });
      records.push(imported);
      renamed.set(record.contextId, imported.contextId);
      taken.add(imported.contextId);
      continue;
    }
    if (binary) binaries.push({ record: binary, sourceAttachmentId: binary.attachmentId });
    if (current && sameContent(current, record)) {
      renamed.set(record.contextId, record.contextId);
      continue;
    }
    const contextId = current ? freeId(record.contextId, taken) : record.contextId;
    records.push(contextId === record.contextId ? record : { ...record, contextId });
    renamed.set(record.contextId, contextId);
    taken.add(contextId);
  }

  const rewritten = replaceContextReferences(text, (occurrence) => {
    const contextId = renamed.get(occurrence.contextId);
    if (!contextId || contextId === occurrence.contextId) return occurrence.source;
    return occurrence.source.replace(`/${occurrence.contextId})`, `/${contextId})`);
  });
  return { text: rewritten, records, binaries };
}

function isBinary(record: ContextRecord): record is ContextRecord & { kind: 'image' | 'file'; attachmentId: string } {
  return (record.kind === 'image' || record.kind === 'file') && typeof record.attachmentId === 'string';
}

function freeId(contextId: string, taken: ReadonlySet<string>): string {
  for (let n = 2; ; n++) {
    const candidate = toContextId(`${contextId}-${n}`);
    if (!taken.has(candidate)) return candidate;
  }
}

function sameContent(a: ContextRecord, b: ContextRecord): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : 1)))
      : inner,
  );
}
