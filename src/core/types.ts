/**
 * The v1 context record union: the typed payloads that live beside a message's text in
 * `context.records`. Records never carry bytes; images and files bind to attachments by id.
 */

/** The nine kinds this version knows, in wire order. */
export const CONTEXT_KINDS = [
  'image',
  'file',
  'terminal',
  'element',
  'preview-annotation',
  'review-comment',
  'mention',
  'skill',
  'thread',
] as const;

export type KnownContextKind = (typeof CONTEXT_KINDS)[number];

/** The fields every record starts with, in T3's decoded key order. */
interface ContextRecordBase<K extends string> {
  version: 1;
  contextId: string;
  /** Display label, at most 200 chars; may be empty (links fall back to the kind). */
  label: string;
  kind: K;
}

export interface AttachmentContextFields {
  attachmentId: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}

export interface ImageContextRecord extends ContextRecordBase<'image'>, AttachmentContextFields {}

export interface FileContextRecord extends ContextRecordBase<'file'>, AttachmentContextFields {}

export interface TerminalContextRecord extends ContextRecordBase<'terminal'> {
  terminalId: string;
  terminalLabel: string;
  lineStart: number;
  lineEnd: number;
  text: string;
}

export interface ElementSource {
  functionName: string | null;
  fileName: string | null;
  lineNumber: number | null;
  columnNumber: number | null;
}

export interface ElementContextDetails {
  pageUrl: string;
  pageTitle: string | null;
  tagName: string;
  selector: string | null;
  htmlPreview: string;
  componentName: string | null;
  source: ElementSource | null;
  styles: string;
}

export interface ElementContextRecord extends ContextRecordBase<'element'>, ElementContextDetails {}

export interface StyleChangeDetail {
  targetId: string;
  selector: string | null;
  property: string;
  previousValue: string;
  value: string;
}

export interface PreviewAnnotationContextRecord extends ContextRecordBase<'preview-annotation'> {
  annotationId: string;
  pageUrl: string;
  pageTitle: string | null;
  comment: string;
  targetSummary: string;
  styleChanges: string[];
  elements?: ElementContextDetails[];
  elementIds?: string[];
  regionCount?: number;
  strokeCount?: number;
  styleChangeDetails?: StyleChangeDetail[];
  screenshotContextId?: string;
}

export type PullRequestState = 'open' | 'closed' | 'merged';

export interface PullRequestInfo {
  number: number;
  title: string;
  url: string;
  headBranch: string;
  baseBranch: string;
  state: PullRequestState;
  isDraft: boolean;
}

export interface ReviewCommentContextRecord extends ContextRecordBase<'review-comment'> {
  sectionId: string;
  sectionTitle: string;
  filePath: string;
  startIndex: number;
  endIndex: number;
  rangeLabel: string;
  text: string;
  diff: string;
  fenceLanguage?: string;
  sourceRevision?: string;
  sourceStale?: boolean;
  pullRequest?: PullRequestInfo;
}

export interface MentionContextRecord extends ContextRecordBase<'mention'> {
  path: string;
}

export interface SkillContextRecord extends ContextRecordBase<'skill'> {
  name: string;
}

/**
 * Another thread on the same server, attached so the model can read its history (T3's
 * `t3_thread_read`). Only identity travels; `title` is a snapshot for display.
 */
export interface ThreadContextRecord extends ContextRecordBase<'thread'> {
  environmentId: string;
  threadId: string;
  /** At most 200 chars; may be empty. */
  title: string;
}

/**
 * A record of a kind this version does not know (a later T3 kind, or a host kind). As in T3's
 * schema it carries `payload`, any value whose JSON is at most 64,000 chars; a record without one
 * does not decode, and no other top-level field is kept. (The index signature only lets code that
 * narrows a record by a known kind's name read that kind's fields.)
 */
export interface UnknownContextRecord extends ContextRecordBase<string> {
  payload: unknown;
  [field: string]: unknown;
}

export type KnownContextRecord =
  | ImageContextRecord
  | FileContextRecord
  | TerminalContextRecord
  | ElementContextRecord
  | PreviewAnnotationContextRecord
  | ReviewCommentContextRecord
  | MentionContextRecord
  | SkillContextRecord
  | ThreadContextRecord;

export type ContextRecord = KnownContextRecord | UnknownContextRecord;

export interface MessageContext {
  version: 1;
  records: ContextRecord[];
}

/** The payload of a host-kind record created by the composer from a provider item's `tag`. */
export interface HostKindPayload {
  value?: string;
  serialized?: string;
  metadata?: unknown;
}
