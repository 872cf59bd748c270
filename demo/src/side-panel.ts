import type { ContextRecord } from '../../src/core/index.js';

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36)}`;

/** What the side panel's buttons insert at the caret: stand-ins for a host's real panels. */
export function terminalExcerpt(): ContextRecord {
  return {
    version: 1,
    kind: 'terminal',
    contextId: nextId('terminal'),
    label: 'Terminal 1 lines 12-15',
    terminalId: 'terminal-1',
    terminalLabel: 'Terminal 1',
    lineStart: 12,
    lineEnd: 15,
    text: '$ npm test\n  ✗ checkout total rounds half-cents up\n    expected 10.01, received 10.00\n1 failing',
  };
}

export function reviewComment(): ContextRecord {
  return {
    version: 1,
    kind: 'review-comment',
    contextId: nextId('review-comment'),
    label: 'cart.ts L42-44',
    sectionId: 'diff-cart',
    sectionTitle: 'Working tree',
    filePath: 'src/checkout/cart.ts',
    startIndex: 41,
    endIndex: 43,
    rangeLabel: 'L42-44',
    text: 'Rounding happens before the discount. Should it happen after?',
    diff: '-  const total = round(subtotal) - discount;\n+  const total = round(subtotal - discount);\n',
    fenceLanguage: 'ts',
  };
}

export function pullRequestComment(): ContextRecord {
  return {
    ...reviewComment(),
    contextId: nextId('review-comment'),
    label: 'PR 128',
    pullRequest: {
      number: 128,
      title: 'Round totals after discounts',
      url: 'https://example.com/acme/shop/pull/128',
      headBranch: 'fix/rounding',
      baseBranch: 'main',
      state: 'open',
      isDraft: false,
    },
  };
}

export function previewAnnotation(): ContextRecord {
  return {
    version: 1,
    kind: 'preview-annotation',
    contextId: nextId('preview-annotation'),
    label: 'Checkout',
    annotationId: nextId('a'),
    pageUrl: 'http://localhost:3000/checkout',
    pageTitle: 'Checkout',
    comment: 'Make the pay button more prominent',
    targetSummary: '1 selected element',
    styleChanges: ['font-size: 14px → 18px', 'padding: 6px 12px → 10px 20px'],
    elements: [
      {
        pageUrl: 'http://localhost:3000/checkout',
        pageTitle: 'Checkout',
        tagName: 'button',
        selector: '#pay',
        htmlPreview: '<button id="pay" class="btn">Pay now</button>',
        componentName: 'PayButton',
        source: { functionName: 'PayButton', fileName: 'src/checkout/PayButton.tsx', lineNumber: 18, columnNumber: 5 },
        styles: 'font-size: 14px;\npadding: 6px 12px;',
      },
    ],
  };
}
