import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/define-message.js';
import type { InputAnnotation } from '../../src/core/index.js';
import type { T3ContextChip } from '../../src/elements/context-chip/context-chip.js';
import type { T3UserMessage } from '../../src/elements/user-message/user-message.js';
import {
  dataset,
  element,
  file,
  image,
  link,
  mention,
  previewAnnotation,
  openPullRequestComment,
  pullRequestComment,
  reviewComment,
  skill,
  terminal,
} from '../../support/records.js';
import { expectNoAxeViolations, LOOKS, resetLook, showLook } from './support/axe.js';
import { centre, part, waitFor } from './support/interaction.js';

const records = [
  terminal,
  file,
  image,
  element,
  previewAnnotation,
  reviewComment,
  pullRequestComment,
  openPullRequestComment,
  mention,
  skill,
  dataset,
];

/** Record-driven Markdown with a chip of each kind, an unresolved one, a link and code. */
const recordText = `## Check these

${records.map((record) => link(record)).join(' ')} and ${link({ ...file, contextId: 'gone', label: 'gone.pdf' })}

See [the docs](https://example.com/docs) and \`npm test\`:

\`\`\`
npm run build
\`\`\``;

/** Annotation-driven: a picked command, a mention and a host-kind reference, without records. */
const content = '/review @src/index.ts with @dataset:users please';
const annotations: InputAnnotation[] = [
  { type: 'command', start: 0, end: 7, text: '/review', command: { name: 'review', description: 'Review code' } },
  {
    type: 'reference',
    start: 8,
    end: 21,
    text: '@src/index.ts',
    reference: { id: 'm_1', kind: 'mention', label: '@src/index.ts' },
  },
  {
    type: 'reference',
    start: 27,
    end: 41,
    text: '@dataset:users',
    reference: { id: 'dataset_users', kind: 'dataset', label: 'Dataset', value: 'users' },
  },
];

/** A transcript as a host has it: messages in a main landmark under a heading. */
async function transcript(): Promise<{ root: HTMLElement; messages: T3UserMessage[] }> {
  const root = await fixture<HTMLElement>(html`<main>
    <h1>Thread</h1>
    <t3-user-message
      .text=${recordText}
      .context=${{ version: 1, records }}
      .images=${[{ name: 'shot.png', mimeType: 'image/png', src: 'data:image/png;base64,iVBORw0KGgo=' }]}
      .files=${[{ name: 'notes.txt', mimeType: 'text/plain', sizeBytes: 120, href: '/notes.txt' }]}
    ></t3-user-message>
    <t3-user-message .content=${content} .inputAnnotations=${annotations}></t3-user-message>
    <t3-user-message
      format="text"
      .text=${`Plain 2*3*4 with ${link(terminal)}`}
      .context=${{ version: 1, records: [terminal] }}
    ></t3-user-message>
  </main>`);
  const messages = [...root.querySelectorAll<T3UserMessage>('t3-user-message')];
  await Promise.all(messages.map((message) => message.updateComplete));
  return { root, messages };
}

function chipsOf(message: T3UserMessage): T3ContextChip[] {
  return [...message.shadowRoot!.querySelectorAll<T3ContextChip>('t3-context-chip')];
}

async function openDetails(chip: T3ContextChip): Promise<void> {
  await sendMouse({ type: 'move', position: centre(part(chip, 'base')!) });
  await waitFor(() => !!part(chip, 'details')?.matches(':popover-open'), `the details of ${chip.kind}`);
}

const states: { name: string; reach(messages: T3UserMessage[]): Promise<void> }[] = [
  { name: 'at rest', reach: async () => {} },
  {
    name: 'terminal details open',
    reach: async ([first]) => openDetails(chipsOf(first!).find((chip) => chip.kind === 'terminal')!),
  },
  {
    name: 'pull request details open',
    reach: async ([first]) => openDetails(chipsOf(first!).find((chip) => chip.contextId === 'pr_open')!),
  },
  {
    name: 'unresolved chip tooltip open',
    reach: async ([first]) => openDetails(chipsOf(first!).find((chip) => chip.contextId === 'gone')!),
  },
  {
    name: 'copy control shown and used',
    reach: async ([first]) => {
      const copy = part(first!, 'copy')!;
      await sendMouse({ type: 'move', position: centre(first!) });
      await waitFor(() => getComputedStyle(copy).opacity === '1', 'the copy control to show');
      await sendMouse({ type: 'click', position: centre(copy) });
      await waitFor(() => copy.title === 'Copied', 'the copy');
    },
  },
];

describe('<t3-user-message> accessibility (axe)', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
    await resetLook();
  });

  for (const look of LOOKS) {
    for (const state of states) {
      it(`finds nothing: ${state.name}, ${look.scheme}, ${look.width}px wide`, async () => {
        await showLook(look);
        const { root, messages } = await transcript();
        expect(chipsOf(messages[0]!)).to.have.length(records.length + 1);
        expect(chipsOf(messages[1]!)).to.have.length(2);
        await state.reach(messages);
        await expectNoAxeViolations(root, `${state.name}, ${look.scheme}, ${look.width}px`);
      });
    }
  }

  it('a heading with no text (a reply stopped right after `### `) shows its source text, not an empty heading', async () => {
    const root = await fixture<HTMLElement>(html`<main>
      <h1>Thread</h1>
      <t3-user-message .text=${'Here is the plan:\n\n### '}></t3-user-message>
      <t3-user-message .text=${'#\n\nSteps\n\n##   \n\n## Next'}></t3-user-message>
    </main>`);
    const messages = [...root.querySelectorAll<T3UserMessage>('t3-user-message')];
    await Promise.all(messages.map((message) => message.updateComplete));
    const shown = (message: T3UserMessage) => [...message.shadowRoot!.querySelectorAll('p, h1, h2, h3, h4, h5, h6')];
    await waitFor(() => messages.every((message) => shown(message).length > 0), 'the Markdown');
    await expectNoAxeViolations(root, 'headings without text');
    const blocks = messages.map((message) => shown(message).map((block) => `${block.localName} ${block.textContent}`));
    expect(blocks).to.deep.equal([
      ['p Here is the plan:', 'p ###'],
      ['p #', 'p Steps', 'p ##', 'h2 Next'],
    ]);
  });

  it('finds nothing with the details opened from the keyboard', async () => {
    const { root, messages } = await transcript();
    const before = document.createElement('button');
    before.textContent = 'before';
    root.prepend(before);
    before.focus();
    await sendKeys({ press: 'Tab' });
    const chip = chipsOf(messages[0]!)[0]!;
    await waitFor(() => !!part(chip, 'details')?.matches(':popover-open'), 'the details to open on focus');
    await expectNoAxeViolations(root, 'details open on focus');
  });
});
