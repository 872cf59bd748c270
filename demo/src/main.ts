import '../../src/define.js';
import type { T3Composer } from '../../src/composer.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { Conversation } from './conversation.js';
import { draftKeyOf, renderStashes, seedHistory } from './drafts.js';
import { ENVIRONMENT_ID, listThread, resolveAsset, type ThreadMessage } from './host-api.js';
import { previewAnnotation, pullRequestComment, reviewComment, terminalExcerpt } from './side-panel.js';
import { renderThreadList, threadLabel } from './thread-list.js';
import { renderTranscript } from './transcript.js';

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
const threadList = document.querySelector<HTMLElement>('#thread-list')!;
const threadTitle = document.querySelector<HTMLElement>('#thread-title')!;

/** The thread's messages as last known: ↑ recalls them, also after a stored draft (and its own history) comes back. */
let threadMessages: ThreadMessage[] = [];

async function refresh(): Promise<void> {
  const shown = thread;
  const messages = await listThread(shown);
  if (shown !== thread) return;
  threadMessages = messages;
  seedHistory(composer, messages);
  await renderTranscript(transcript, messages);
  // A reply still streaming (the page reloaded while it did; the host went on with it) is followed to its end.
  const last = messages.at(-1);
  if (last?.role === 'assistant' && last.state === 'streaming') conversation.follow(last);
  conversation.sendWaitingFollowUp();
}

const reportLoadError = (error: Error) => {
  status.textContent = `Could not load the thread: ${error.message}`;
};

const conversation = new Conversation({
  composer,
  transcript,
  status,
  thread: () => thread,
  remember(message) {
    const index = threadMessages.findIndex(({ id }) => id === message.id);
    if (index >= 0) threadMessages[index] = message;
    else threadMessages.push(message);
    if (message.role === 'user') seedHistory(composer, threadMessages);
  },
  reload: () => void refresh().catch(reportLoadError),
});

// Threads: each has its own draft (and queue) under its own key; switching saves this one and brings that one back.
function showThread(): void {
  renderThreadList(threadList, thread, selectThread);
  threadTitle.textContent = threadLabel(thread);
  document.title = `${threadLabel(thread)} · t3-composer demo`;
}

function selectThread(next: string): void {
  if (next === thread) return;
  thread = next;
  history.pushState(null, '', `?thread=${encodeURIComponent(thread)}`);
  composer.draftKey = draftKeyOf(thread);
  conversation.threadChanged();
  status.textContent = '';
  showThread();
  refresh().catch(reportLoadError);
  composer.focus();
}

addEventListener('popstate', () => {
  const next = new URLSearchParams(location.search).get('thread') ?? 'demo';
  if (next !== thread) selectThread(next);
});

const stashList = document.querySelector<HTMLElement>('#stashes')!;
const showStashes = () => renderStashes(stashList, composer);
composer.addEventListener('t3-stash-change', showStashes);
composer.addEventListener('t3-draft-restore', () => {
  showStashes();
  if (threadMessages.length > 0) seedHistory(composer, threadMessages);
  conversation.sendWaitingFollowUp();
});
document.querySelector('#stash')!.addEventListener('click', () => {
  composer.stash();
  composer.focus();
});

// The skip link lands in the editor itself, not just on the element around it.
document.querySelector('.skip-link')!.addEventListener('click', (event) => {
  event.preventDefault();
  composer.focus();
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

showThread();
refresh().catch(reportLoadError);
