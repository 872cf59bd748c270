import {
  type ContextRecord,
  type ContextReferenceOccurrence,
  decodeMessageContext,
  type InputAnnotation,
  type MessageContext,
  type Segment,
} from '../../core/index.js';
import { resolveStoredContext } from '../../core/legacy/resolve-stored.js';
import { safeImageUrl } from '../shared/urls.js';
import type { ChunkState, LegacyUpgrade, MessageAnnotations } from './message-chunks.js';

/** An image sent with the message, shown in the gallery. */
export interface MessageImage {
  attachmentId?: string;
  name?: string;
  mimeType: string;
  /** `blob:`, `data:image/`, `http(s):` or relative; anything else is not shown. */
  src: string;
}

/** A file sent with the message, shown as a row unless a chip in the text references it. */
export interface MessageFile {
  attachmentId?: string;
  name: string;
  mimeType: string;
  sizeBytes?: number;
  href?: string;
}

/** Validated data handed to a host's `renderUserMessageContent`; never raw HTML. */
export interface UserMessageRenderInfo {
  /** Record-driven text (upgraded when it was a legacy message), or `undefined`. */
  text?: string;
  /** Annotation-driven content, or `undefined`. */
  content?: string;
  context?: MessageContext;
  records: readonly ContextRecord[];
  inputAnnotations: readonly InputAnnotation[];
  /** Text and chip segments in order; their texts joined give `text` or `content` back. */
  segments: readonly Segment[];
  images: readonly MessageImage[];
  files: readonly MessageFile[];
}

/** `undefined` marks an id shared by several records: such a chip shows as unresolved. */
export type RecordLookup = ReadonlyMap<string, ContextRecord | undefined>;

export interface RecordDrivenModel {
  mode: 'records';
  text: string;
  records: readonly ContextRecord[];
  recordsById: RecordLookup;
  /** A legacy message whose upgrade is still loading: the message waits, then builds its model again. */
  pending?: true;
}

export interface AnnotationDrivenModel {
  mode: 'annotations';
  /** Its annotations' chunk is still loading: the message waits, then builds its model again. */
  pending?: true;
  content: string;
  inputAnnotations: InputAnnotation[];
  segments: Segment[];
  records: readonly ContextRecord[];
  recordsById: RecordLookup;
}

export type MessageModel = RecordDrivenModel | AnnotationDrivenModel;

/** The chunks a model may need, as a message asks for them. */
export interface ModelChunks {
  legacyUpgrade(): ChunkState<LegacyUpgrade>;
  annotations(): ChunkState<MessageAnnotations>;
}

/**
 * Record-driven when `text` is a string, annotation-driven when only `content` is. A record-driven
 * message without a context is a legacy message: its text is upgraded (the legacy upgrade, asked
 * for only when the text has legacy blocks), or shown as it is when the upgrade cannot be loaded.
 * Annotation-driven content is split by its sanitised annotations once their chunk has come, or
 * shown whole as text, without chips, when it cannot be loaded.
 */
export function buildMessageModel(
  input: { text?: unknown; context?: unknown; content?: unknown; inputAnnotations?: unknown },
  chunks: ModelChunks,
): MessageModel {
  if (typeof input.text === 'string' || typeof input.content !== 'string') {
    const text = typeof input.text === 'string' ? input.text : '';
    const resolved = resolveStoredContext(text, input.context, () => {
      const upgrade = chunks.legacyUpgrade();
      return typeof upgrade === 'object' ? upgrade.ready : upgrade === 'loading' ? 'loading' : undefined;
    });
    return { mode: 'records', ...resolved, recordsById: indexRecords(resolved.records) };
  }
  const content = input.content;
  const decoded = input.context == null ? undefined : decodeMessageContext(input.context);
  const records = decoded?.ok ? decoded.context.records : [];
  const shared = { mode: 'annotations' as const, content, records, recordsById: indexRecords(records) };
  const annotations = chunks.annotations();
  if (annotations === 'loading') return { ...shared, inputAnnotations: [], segments: [], pending: true };
  if (annotations === 'unavailable')
    return { ...shared, inputAnnotations: [], segments: [{ type: 'text', text: content }] };
  const { sanitizeInputAnnotations, splitContentByAnnotations } = annotations.ready;
  return {
    ...shared,
    inputAnnotations: sanitizeInputAnnotations(content, input.inputAnnotations),
    segments: splitContentByAnnotations(content, input.inputAnnotations),
  };
}

/**
 * What a host's renderer receives; `null` while record-driven text waits for the chunk that splits
 * it into segments (one text segment when it cannot be loaded).
 */
export function renderInfoOf(
  model: MessageModel,
  attachments: { images: MessageImage[]; files: MessageFile[] },
  chunks: ModelChunks,
  occurrences: (text: string) => readonly ContextReferenceOccurrence[],
): UserMessageRenderInfo | null {
  const { records } = model;
  const shared = {
    records,
    ...attachments,
    ...(records.length > 0 ? { context: { version: 1 as const, records: [...records] } } : {}),
  };
  if (model.mode === 'annotations') {
    return { ...shared, content: model.content, inputAnnotations: model.inputAnnotations, segments: model.segments };
  }
  const annotations = chunks.annotations();
  if (annotations === 'loading') return null;
  const segments: Segment[] =
    annotations === 'unavailable'
      ? [{ type: 'text', text: model.text }]
      : annotations.ready.referenceSegments(model.text, occurrences(model.text));
  return { ...shared, text: model.text, inputAnnotations: [], segments };
}

function indexRecords(records: readonly ContextRecord[]): RecordLookup {
  const byId = new Map<string, ContextRecord | undefined>();
  for (const record of records) byId.set(record.contextId, byId.has(record.contextId) ? undefined : record);
  return byId;
}

/** The images whose `src` passes the image URL policy, as fresh objects. */
export function sanitizeImages(value: unknown): MessageImage[] {
  if (!Array.isArray(value)) return [];
  const images: MessageImage[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const candidate = item as Record<string, unknown>;
    const src = safeImageUrl(candidate.src);
    if (!src) continue;
    images.push({
      src,
      mimeType: typeof candidate.mimeType === 'string' ? candidate.mimeType : '',
      ...(typeof candidate.name === 'string' ? { name: candidate.name } : {}),
      ...(typeof candidate.attachmentId === 'string' ? { attachmentId: candidate.attachmentId } : {}),
    });
  }
  return images;
}

/** Files with a string name, as fresh objects; an unsafe `href` is dropped, the row stays. */
export function sanitizeFiles(value: unknown): MessageFile[] {
  if (!Array.isArray(value)) return [];
  const files: MessageFile[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const candidate = item as Record<string, unknown>;
    if (typeof candidate.name !== 'string') continue;
    const href = safeImageUrl(candidate.href);
    files.push({
      name: candidate.name,
      mimeType: typeof candidate.mimeType === 'string' ? candidate.mimeType : '',
      ...(typeof candidate.sizeBytes === 'number' && Number.isFinite(candidate.sizeBytes) && candidate.sizeBytes >= 0
        ? { sizeBytes: candidate.sizeBytes }
        : {}),
      ...(typeof candidate.attachmentId === 'string' ? { attachmentId: candidate.attachmentId } : {}),
      ...(href ? { href } : {}),
    });
  }
  return files;
}

/** Attachment ids of file records that a chip in the message refers to. */
export function referencedFileAttachmentIds(referencedIds: Iterable<string>, recordsById: RecordLookup): Set<string> {
  const ids = new Set<string>();
  for (const contextId of referencedIds) {
    const record = recordsById.get(contextId);
    if (record?.kind === 'file' && typeof record.attachmentId === 'string') ids.add(record.attachmentId);
  }
  return ids;
}
