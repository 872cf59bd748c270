import {
  type Citation,
  type ContextRecord,
  type ElementContextRecord,
  type FileContextRecord,
  type ImageContextRecord,
  type MentionContextRecord,
  type PreviewAnnotationContextRecord,
  type ReviewCommentContextRecord,
  type SkillContextRecord,
  type TerminalContextRecord,
  type ThreadContextRecord,
  type UnknownContextRecord,
  formatContextReference,
} from '../src/core/index.js';

/**
 * The example records every test shares: one valid record of every known kind and a host kind
 * carrying a payload, with helpers that write references to them.
 * DOM-free and Node-free, so element tests in the browser, Node tests and benchmarks all use them.
 */
export const image: ImageContextRecord = {
  version: 1,
  kind: 'image',
  contextId: 'img_1',
  label: 'shot.png',
  attachmentId: 'att_img',
  name: 'shot.png',
  mimeType: 'image/png',
  sizeBytes: 2048,
};

export const file: FileContextRecord = {
  version: 1,
  kind: 'file',
  contextId: 'file_1',
  label: 'report.pdf',
  attachmentId: 'att_file',
  name: 'report.pdf',
  mimeType: 'application/pdf',
  sizeBytes: 3_500_000,
};

export const terminal: TerminalContextRecord = {
  version: 1,
  kind: 'terminal',
  contextId: 'term_1',
  label: 'Terminal 1 lines 3-4',
  terminalId: 'terminal-1',
  terminalLabel: 'Terminal 1',
  lineStart: 3,
  lineEnd: 4,
  text: 'npm test\n1 failing',
};

/** Every field of an element record but the common ones. */
export const elementDetails = {
  pageUrl: 'http://localhost:3000/checkout',
  pageTitle: 'Checkout',
  tagName: 'button',
  selector: '#pay',
  htmlPreview: '<button id="pay">Pay</button>',
  componentName: 'PayButton',
  source: { functionName: null, fileName: 'src/Pay.tsx', lineNumber: 12, columnNumber: 4 },
  styles: 'color: red;',
};

export const element: ElementContextRecord = {
  version: 1,
  kind: 'element',
  contextId: 'el_1',
  label: 'PayButton',
  ...elementDetails,
};

export const previewAnnotation: PreviewAnnotationContextRecord = {
  version: 1,
  kind: 'preview-annotation',
  contextId: 'pa_1',
  label: 'Checkout',
  annotationId: 'a1',
  pageUrl: 'http://localhost:3000/checkout',
  pageTitle: 'Checkout',
  comment: 'Make the pay button bigger',
  targetSummary: '1 selected element',
  styleChanges: ['font-size: 12px → 20px'],
  screenshotContextId: 'img_1',
  elements: [
    {
      pageUrl: 'http://localhost:3000/checkout',
      pageTitle: null,
      tagName: 'button',
      selector: '#pay',
      htmlPreview: '',
      componentName: null,
      source: null,
      styles: '',
    },
  ],
};

export const reviewComment: ReviewCommentContextRecord = {
  version: 1,
  kind: 'review-comment',
  contextId: 'rc_1',
  label: 'b.ts L4',
  sectionId: 's1',
  sectionTitle: 'Changes',
  filePath: 'src/a/b.ts',
  startIndex: 3,
  endIndex: 4,
  rangeLabel: 'L4',
  text: 'Why is this needed?',
  diff: '+ const x = 1;\n',
  fenceLanguage: 'ts',
};

export const pullRequestComment: ReviewCommentContextRecord = {
  ...reviewComment,
  contextId: 'pr_1',
  label: 'PR 42',
  pullRequest: {
    number: 42,
    title: 'Faster checkout',
    url: 'https://example.com/pull/42',
    headBranch: 'feature/checkout',
    baseBranch: 'main',
    state: 'merged',
    isDraft: false,
  },
};

/** The same pull request comment on a pull request still open (its own chip tone). */
export const openPullRequestComment: ReviewCommentContextRecord = {
  ...pullRequestComment,
  contextId: 'pr_open',
  label: 'PR 7',
  pullRequest: { ...pullRequestComment.pullRequest!, number: 7, state: 'open' },
};

export const mention: MentionContextRecord = {
  version: 1,
  kind: 'mention',
  contextId: 'm_1',
  label: '@src/index.ts',
  path: 'src/index.ts',
};

export const skill: SkillContextRecord = {
  version: 1,
  kind: 'skill',
  contextId: 's_1',
  label: 'pinchtab',
  name: 'pinchtab',
};

export const dataset: UnknownContextRecord = {
  version: 1,
  kind: 'dataset',
  contextId: 'dataset_users',
  label: 'Dataset',
  payload: { value: 'users', serialized: '@dataset:users' },
};

/** Another thread of the same server; its chip reads as its title. */
export const thread: ThreadContextRecord = {
  version: 1,
  kind: 'thread',
  contextId: 'thread_1',
  label: 'Earlier thread',
  environmentId: 'env-1',
  threadId: 'th-9',
  title: 'Fix the checkout button',
};

/** One record of each known kind but the thread, then the host kind (tests index into it by position). */
export const ALL_RECORDS: ContextRecord[] = [
  image,
  file,
  terminal,
  element,
  previewAnnotation,
  reviewComment,
  mention,
  skill,
  dataset,
];

/** Every example: `ALL_RECORDS` (the known kinds but the thread, and the host kind), then the thread. */
export const RECORDS_OF_EVERY_KIND: ContextRecord[] = [...ALL_RECORDS, thread];

export function link(record: ContextRecord, label = record.label): string {
  const bang = record.kind === 'image' ? '!' : '';
  return `${bang}[${label}](t3-context://v1/${record.kind}/${record.contextId})`;
}

/** A sentence referencing each record once, in order. */
export function textReferencing(records: readonly ContextRecord[]): string {
  const links = records.map(({ kind, contextId, label }) => formatContextReference({ kind, contextId, label }));
  return `Please look at ${links.join(' and ')}.`;
}

/** A short assistant citation (one quoted line), for tests of citation links beside chips. */
export const quotedLine: Citation = {
  version: 1,
  environmentId: 'env',
  threadId: 't',
  messageId: 'm',
  text: 'a quoted line',
  start: 0,
  end: 13,
  prefix: '',
  suffix: '',
};
