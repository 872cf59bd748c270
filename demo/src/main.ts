import '../../src/define.js';
import type { T3Composer } from '../../src/composer.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { Branches } from './branches.js';
import { setUpCitations } from './citations.js';
import { Conversation } from './conversation.js';
import { draftKeyOf, renderStashCount, renderStashes, seedHistory } from './drafts.js';
import { Drawer } from './drawer.js';
import { setUpFollowUps } from './follow-ups.js';
import { setUpDictation } from './dictation.js';
import {
  ENVIRONMENT_ID,
  readThread,
  readThreadList,
  resolveAsset,
  type ThreadListing,
  type ThreadMessage,
  type ThreadSummary,
  type UserMessage,
} from './host-api.js';
import { previewAnnotation, pullRequestComment, reviewComment, terminalExcerpt } from './side-panel.js';
import { openThreadChips, threadDropResolver, threadsProvider } from './thread-context.js';
import { newThreadId, renderThreadList, titleOf } from './thread-list.js';
import { renderTranscript } from './transcript.js';
import { uploadTo } from './uploads.js';
import { followVisualViewport } from './viewport-layout.js';

const threadInAddress = () => new URLSearchParams(location.search).get('thread') ?? 'demo';
let thread = threadInAddress();
// The thread shown is always in the address, the first one too.
if (!new URLSearchParams(location.search).has('thread')) history.replaceState(null, '', `?thread=${thread}`);
followVisualViewport();

const scope = document.querySelector('t3-context-scope')!;
scope.environmentId = ENVIRONMENT_ID;
scope.icons = ICONS;
scope.resolveAsset = resolveAsset;
// Files upload as soon as they are attached, for the thread shown then, in the composer and in a
// message's editor alike (set on the scope); a message then names them by id.
scope.uploadAttachment = uploadTo(() => thread);

const composer = document.querySelector<T3Composer>('t3-composer')!;
// Other threads are context too: from the `@` menu, or dragged from the thread list.
composer.providers = [...PROVIDERS, threadsProvider(() => thread)];
composer.dropResolver = threadDropResolver;
composer.commands = COMMANDS;
composer.draftKey = draftKeyOf(thread);

const transcript = document.querySelector<HTMLElement>('#transcript')!;
const status = document.querySelector<HTMLElement>('#status')!;
const threadList = document.querySelector<HTMLElement>('#thread-list')!;
const threadTitle = document.querySelector<HTMLElement>('#thread-title')!;

// The tools are a drawer over the conversation at every width; the threads are one on narrow screens.
const header = document.querySelector<HTMLElement>('.app-header')!;
const main = document.querySelector<HTMLElement>('main.conversation')!;
const threadsPanel = document.querySelector<HTMLElement>('#threads')!;
const toolsPanel = document.querySelector<HTMLElement>('#tools')!;
const backdrop = document.querySelector<HTMLElement>('#backdrop')!;
const threadsDrawer = new Drawer(document.querySelector('#threads-toggle')!, threadsPanel, backdrop, () => [
  header,
  main,
  toolsPanel,
]);
const toolsToggle = document.querySelector<HTMLButtonElement>('#tools-toggle')!;
const toolsDrawer = new Drawer(toolsToggle, toolsPanel, backdrop, () => [header, main, threadsPanel]);

setUpFollowUps(document.querySelector<HTMLSelectElement>('#follow-ups')!, composer);
setUpDictation(composer);
setUpCitations({ transcript, composer, status, thread: () => thread });

/**
 * The branch of the thread shown, as last known: ↑ recalls its messages, also after a stored
 * draft (and its own history) comes back.
 */
let threadMessages: ThreadMessage[] = [];
/**
 * The thread whose listing is shown: a waiting follow-up goes out only after it is, so a listing
 * answered before the follow-up was stored cannot be drawn over the follow-up's exchange.
 */
let listedThread: string | null = null;

async function refresh(): Promise<void> {
  const shown = thread;
  const listing = await readThread(shown);
  if (shown === thread) await show(listing);
}

async function show({ messages, versions }: ThreadListing): Promise<void> {
  threadMessages = messages;
  branches.versions = { ...versions };
  seedHistory(composer, messages);
  await renderTranscript(transcript, messages, versions);
  // A reply still streaming (the page reloaded while it did; the host went on with it) is followed to its end.
  const last = messages.at(-1);
  if (last?.role === 'assistant' && last.state === 'streaming') conversation.follow(last);
  listedThread = thread;
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
    if (message.role === 'user') {
      seedHistory(composer, threadMessages);
      // A new thread gets its title from its first message; a written-to thread moves to the top.
      refreshThreadList();
    }
  },
  showEdit(edited, created) {
    // The new version takes the place of the edited message and of everything after it.
    const index = threadMessages.findIndex(({ id }) => id === edited.id);
    if (index >= 0) threadMessages.splice(index);
    threadMessages.push(created.message, created.reply);
    seedHistory(composer, threadMessages);
    branches.showEdit(edited, created);
  },
  reload: () => void refresh().catch(reportLoadError),
});

// Edits are sent as new versions (branches); each message with versions has a picker.
const branches = new Branches({
  transcript,
  status,
  thread: () => thread,
  message: (id) =>
    threadMessages.find((message): message is UserMessage => message.role === 'user' && message.id === id),
  show,
  sendEdit: (submission, edited) => conversation.edit(submission, edited),
});

/** The host's threads as last read, newest first. */
let threads: ThreadSummary[] = [];

function refreshThreadList(): void {
  readThreadList()
    .then((listed) => {
      threads = listed;
      showThread();
    })
    .catch(reportLoadError);
}

// Threads: each has its own draft (and queue) under its own key; switching saves this one and brings that one back.
function showThread(): void {
  renderThreadList(threadList, threads, thread, selectThread);
  const title = titleOf(threads, thread);
  threadTitle.textContent = title;
  document.title = `${title} · t3-composer demo`;
}

function selectThread(next: string): void {
  threadsDrawer.close({ returnFocus: false });
  if (next === thread) {
    composer.focus();
    return;
  }
  thread = next;
  listedThread = null;
  history.pushState(null, '', `?thread=${encodeURIComponent(thread)}`);
  composer.draftKey = draftKeyOf(thread);
  conversation.threadChanged();
  status.textContent = '';
  showThread();
  refresh().catch(reportLoadError);
  composer.focus();
}

addEventListener('popstate', () => {
  const next = threadInAddress();
  if (next !== thread) selectThread(next);
});

document.querySelector('#new-chat')!.addEventListener('click', () => selectThread(newThreadId()));
openThreadChips(document.body, selectThread);

const stashList = document.querySelector<HTMLElement>('#stashes')!;
const stashCount = document.querySelector<HTMLElement>('#stash-count')!;
const showStashes = () => {
  renderStashes(stashList, composer, () => {
    toolsDrawer.close({ returnFocus: false });
    composer.focus();
  });
  renderStashCount(toolsToggle, stashCount, composer.stashes.length);
};
composer.addEventListener('t3-stash-change', showStashes);
composer.addEventListener('t3-draft-restore', () => {
  showStashes();
  if (threadMessages.length > 0) seedHistory(composer, threadMessages);
  if (listedThread === thread) conversation.sendWaitingFollowUp();
});
document.querySelector('#stash')!.addEventListener('click', () => {
  composer.stash();
  // The drawer stays open and shows the new entry where it was stashed.
  if (!toolsDrawer.isOpen) composer.focus();
});

// The skip link lands in the editor itself, not just on the element around it.
document.querySelector('.skip-link')!.addEventListener('click', (event) => {
  event.preventDefault();
  composer.focus();
});

const insert = (make: () => Parameters<T3Composer['insertContext']>[0]) => () => {
  toolsDrawer.close({ returnFocus: false });
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
refreshThreadList();
refresh().catch(reportLoadError);
