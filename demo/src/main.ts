import '../../src/define.js';
import type { T3Composer } from '../../src/composer.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { ENVIRONMENT_ID, listThread, resolveAsset, sendSubmission } from './host-api.js';
import { previewAnnotation, pullRequestComment, reviewComment, terminalExcerpt } from './side-panel.js';
import { renderTranscript } from './transcript.js';
import { draftKeyOf, renderStashes, seedHistory, THREADS } from './drafts.js';

let thread = new URLSearchParams(location.search).get('thread') ?? 'demo';

const scope = document.querySelector('t3-context-scope')!;
scope.environmentId = ENVIRONMENT_ID;
scope.icons = ICONS;
scope.resolveAsset = resolveAsset;

const composer = document.querySelector<T3Composer>('t3-composer')!;
composer.providers = PROVIDERS;
composer.commands = COMMANDS;
composer.draftKey = draftKeyOf(thread);

const transcript = document.querySelector<HTMLElement>('#transcript')!;
const status = document.querySelector<HTMLElement>('#status')!;

/** The thread's messages as last listed: ↑ recalls them, also after a stored draft (and its own history) comes back. */
let threadMessages: Awaited<ReturnType<typeof listThread>> = [];

async function refresh(): Promise<void> {
  const shown = thread;
  const messages = await listThread(shown);
  if (shown !== thread) return;
  renderTranscript(transcript, messages);
  threadMessages = messages;
  seedHistory(composer, messages);
}

// Threads: each has its own draft under its own key; switching saves this one and brings that one back.
const threadSelect = document.querySelector<HTMLSelectElement>('#thread')!;
threadSelect.replaceChildren(...THREADS.map(({ id, label }) => new Option(label, id, id === thread, id === thread)));
if (!THREADS.some(({ id }) => id === thread)) threadSelect.append(new Option(thread, thread, true, true));
threadSelect.addEventListener('change', () => {
  thread = threadSelect.value;
  history.replaceState(null, '', `?thread=${encodeURIComponent(thread)}`);
  composer.draftKey = draftKeyOf(thread);
  status.textContent = '';
  refresh().catch((error: Error) => {
    status.textContent = `Could not load the thread: ${error.message}`;
  });
});

const stashList = document.querySelector<HTMLElement>('#stashes')!;
const showStashes = () => renderStashes(stashList, composer);
composer.addEventListener('t3-stash-change', showStashes);
composer.addEventListener('t3-draft-restore', () => {
  showStashes();
  if (threadMessages.length > 0) seedHistory(composer, threadMessages);
});
document.querySelector('#stash')!.addEventListener('click', () => {
  composer.stash();
  composer.focus();
});

// The draft stays until the host has stored the message, so a refused message is not lost.
composer.addEventListener('t3-submit', (event) => {
  event.preventDefault();
  status.textContent = 'Sending…';
  const to = thread;
  sendSubmission(to, event.detail)
    .then(async (created) => {
      if (to === thread) composer.clear();
      status.textContent =
        created.dropped.length > 0 ? `Sent; the host dropped ${created.dropped.length} invalid record(s).` : '';
      await refresh();
    })
    .catch((error: Error) => {
      status.textContent = `Not sent: ${error.message}`;
    });
});

const insert = (make: () => Parameters<T3Composer['insertContext']>[0]) => () => {
  const result = composer.insertContext(make());
  if (result.ok) composer.focus();
};
document.querySelector('#insert-terminal')!.addEventListener('click', insert(terminalExcerpt));
document.querySelector('#insert-review')!.addEventListener('click', insert(reviewComment));
document.querySelector('#insert-pull-request')!.addEventListener('click', insert(pullRequestComment));
document.querySelector('#insert-preview')!.addEventListener('click', insert(previewAnnotation));

const fileInput = document.querySelector<HTMLInputElement>('#attach-input')!;
document.querySelector('#attach')!.addEventListener('click', () => fileInput.click());
fileInput.addEventListener('change', () => {
  composer.attachFiles(fileInput.files ?? []);
  fileInput.value = '';
  composer.focus();
});

refresh().catch((error: Error) => {
  status.textContent = `Could not load the thread: ${error.message}`;
});
