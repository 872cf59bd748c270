import { type ContextRecord, formatContextReference } from '../src/core/index.js';
import { createMessage } from './messages.js';
import type { Store } from './store.js';

/**
 * The `demo` thread a fresh database starts with: messages as pre-reference clients wrote them
 * (trailing terminal, element and preview blocks, inline review comments, U+FFFC placeholders).
 * They are stored verbatim with no context; readers upgrade them in memory to chips.
 */

export const DEMO_THREAD_ID = 'demo';

const terminalBlock = (...entries: string[]) => `<terminal_context>\n${entries.join('\n\n')}\n</terminal_context>`;
const elementBlock = (...lines: string[]) => `<element_context>\n${lines.join('\n')}\n</element_context>`;
const previewBlock = (...lines: string[]) => `<preview_annotation>\n${lines.join('\n')}\n</preview_annotation>`;
const reviewBlock = (attributes: string, body: string) => `<review_comment ${attributes}>\n${body}\n</review_comment>`;

const BUILD_FAILURE = terminalBlock(
  [
    '- Terminal 1 lines 12-14:',
    '  12 | $ npm run build',
    "  13 | src/cart.ts(4,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    '  14 | Found 1 error in src/cart.ts:4',
  ].join('\n'),
);

const PORT_CLASH = terminalBlock(
  [
    '- Dev server lines 3-4:',
    '  3 | Error: listen EADDRINUSE: address already in use 127.0.0.1:5173',
    '  4 |     at Server.setupListenHandle [as _listen2] (node:net:1908:16)',
  ].join('\n'),
);

const PAY_BUTTON = elementBlock(
  '- <CheckoutButton> (from React):',
  '  url: http://localhost:3000/checkout',
  '  selector: main > form > button.pay',
  '  source: src/Checkout.tsx:42:7',
  '  html:',
  '    <button class="pay" type="submit">Pay now</button>',
  '  styles:',
  '    margin-left: 13px;',
  '    width: 100%;',
);

const PREVIEW_TWEAK = previewBlock(
  'Preview annotation:',
  'Id: ann-checkout-1',
  'Page: Checkout (http://localhost:3000/checkout)',
  'Comment: Make the total stand out more.',
  'Targets: 1 selected element.',
  'Requested visual changes:',
  '- font-size: 14px → 20px',
  '- font-weight: 400 → 700',
  'The attached screenshot is the annotated preview crop.',
);

const RENAME_REVIEW = reviewBlock(
  'sectionId="cart-diff" sectionTitle="Changes" filePath="src/cart.ts" startIndex="3" endIndex="5" rangeLabel="L3-5"',
  [
    'Renaming this breaks the public API.',
    '',
    '```ts',
    '-export function cartTotal(items: Item[]): number {',
    '+export function computeTotal(items: Item[]): number {',
    '```',
  ].join('\n'),
);

const TEST_REVIEW = reviewBlock(
  'sectionId="cart-diff" sectionTitle="Changes" filePath="test/cart.test.ts" startIndex="10" endIndex="10" rangeLabel="L10"',
  ['Could this test cover an empty cart too?', '', '```diff', "+it('totals an empty cart', () => {});", '```'].join(
    '\n',
  ),
);

/** Each text upgrades to at least one chip; the server tests check that. */
export const LEGACY_SEED_TEXTS: readonly string[] = [
  `Why does the build fail at \uFFFC? It started after I bumped TypeScript.\n\n${BUILD_FAILURE}`,
  `@dev-server:3-4 says the port is taken. How do I find what holds it?\n\n${PORT_CLASH}`,
  `The pay button is misaligned on small screens, can you fix it?\n\n${PAY_BUTTON}`,
  `Please apply this tweak from the preview.\n\n${PREVIEW_TWEAK}`,
  `About this change: ${RENAME_REVIEW} Can we keep the old name as an alias for one release?`,
  `Two follow-ups. ${TEST_REVIEW} And the build still fails at \uFFFC, see the button too.\n\n${PAY_BUTTON}\n${BUILD_FAILURE}`,
];

/** A right-to-left sample thread: Hebrew and Arabic with English chips, and English with a Hebrew chip. */
export const RTL_THREAD_ID = 'rtl';

const failingTest: ContextRecord = {
  version: 1,
  kind: 'terminal',
  contextId: 'rtl_term_1',
  label: 'Terminal 1 lines 8-9',
  terminalId: 'terminal-1',
  terminalLabel: 'Terminal 1',
  lineStart: 8,
  lineEnd: 9,
  text: '$ npm test\nFAIL test/cart.test.ts › totals an empty cart',
};

const cartSource: ContextRecord = {
  version: 1,
  kind: 'mention',
  contextId: 'rtl_mention_cart',
  label: '@src/cart.ts',
  path: 'src/cart.ts',
};

const hebrewNotes: ContextRecord = {
  version: 1,
  kind: 'mention',
  contextId: 'rtl_mention_notes',
  label: '@docs/הערות.md',
  path: 'docs/הערות.md',
};

const chip = (record: ContextRecord) =>
  formatContextReference({ kind: record.kind, contextId: record.contextId, label: record.label });

/** Record-driven messages; each line takes its direction from its first strong character. */
export const RTL_SEED_MESSAGES: readonly { text: string; records: ContextRecord[] }[] = [
  {
    text: `שלום! הבדיקה נכשלת ב-${chip(failingTest)} אחרי השינוי ב-${chip(cartSource)}.\nמה חסר?`,
    records: [failingTest, cartSource],
  },
  {
    text: `مرحبا، هل يمكنك مراجعة ${chip(cartSource)} وإضافة اختبار لسلة فارغة؟`,
    records: [cartSource],
  },
  {
    text: `Please summarise ${chip(hebrewNotes)} in English, and keep the Hebrew headings.`,
    records: [hebrewNotes],
  },
];

/** Seeds the right-to-left sample thread, older than the demo thread. */
function seedRtlThread(store: Store, before: Date): void {
  RTL_SEED_MESSAGES.forEach(({ text, records }, index) => {
    const createdAt = new Date(before.getTime() - (RTL_SEED_MESSAGES.length - index) * 60_000);
    const context = { version: 1 as const, records };
    const draft = {
      text,
      prompt: null,
      context,
      dropped: [],
      inputAnnotations: [],
      droppedAnnotations: 0,
      uploads: [],
    };
    createMessage(store, RTL_THREAD_ID, draft, { now: createdAt });
  });
}

/** Seeds the demo thread and the right-to-left sample thread into an empty database; returns whether it did. */
export function seedDemoThread(store: Store, now = new Date()): boolean {
  if (store.hasThreads()) return false;
  const demoStart = new Date(now.getTime() - (LEGACY_SEED_TEXTS.length - 1) * 60_000);
  seedRtlThread(store, demoStart);
  LEGACY_SEED_TEXTS.forEach((text, index) => {
    // A minute apart, ending now, so the transcript reads as a history.
    const createdAt = new Date(now.getTime() - (LEGACY_SEED_TEXTS.length - 1 - index) * 60_000);
    createMessage(
      store,
      DEMO_THREAD_ID,
      { text, prompt: null, context: null, dropped: [], inputAnnotations: [], droppedAnnotations: 0, uploads: [] },
      { now: createdAt },
    );
  });
  return true;
}
