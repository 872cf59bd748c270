import type { InputReferenceAnnotation } from '../../src/core/annotations.js';
import { formatContextReference } from '../../src/core/references.js';
import type { ContextRecord } from '../../src/core/types.js';

/** One record of each kind, and the annotations a submission carries, for the submission tests. */
export const link = (kind: string, contextId: string, label: string) =>
  formatContextReference({ kind, contextId, label });

export const image = (contextId: string, attachmentId = 'att_1'): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'image',
  label: 'shot.png',
  attachmentId,
  name: 'shot.png',
  mimeType: 'image/png',
  sizeBytes: 2048,
});
export const file = (contextId: string, attachmentId = 'att_2'): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'file',
  label: 'a.ts',
  attachmentId,
  name: 'a.ts',
  mimeType: 'text/plain',
  sizeBytes: 10,
});
export const terminal = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'terminal',
  label: 'Terminal 1',
  terminalId: 't',
  terminalLabel: 'Terminal 1',
  lineStart: 1,
  lineEnd: 1,
  text: 'boom',
});
export const element = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'element',
  label: 'div',
  pageUrl: 'http://localhost:3000/',
  pageTitle: null,
  tagName: 'div',
  selector: null,
  htmlPreview: '<div></div>',
  componentName: null,
  source: null,
  styles: '',
});
export const preview = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'preview-annotation',
  label: 'Checkout',
  annotationId: 'a',
  pageUrl: 'http://localhost:3000/',
  pageTitle: null,
  comment: '',
  targetSummary: '',
  styleChanges: [],
});
export const review = (contextId: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'review-comment',
  label: 'b.ts L4',
  sectionId: 's',
  sectionTitle: 'Changes',
  filePath: 'a/b.ts',
  startIndex: 3,
  endIndex: 3,
  rangeLabel: 'L4',
  text: 'Why?',
  diff: '',
});
export const mention = (contextId: string, path: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'mention',
  label: path,
  path,
});
export const skill = (contextId: string, name: string): ContextRecord => ({
  version: 1,
  contextId,
  kind: 'skill',
  label: name,
  name,
});
export const hostKind = (kind: string, contextId: string, payload: unknown): ContextRecord => ({
  version: 1,
  contextId,
  kind,
  label: 'users',
  payload,
});

export function referenceAnnotations(annotations: readonly unknown[]): InputReferenceAnnotation[] {
  return annotations.filter((a): a is InputReferenceAnnotation => (a as { type: string }).type === 'reference');
}
