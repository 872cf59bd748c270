import '../../src/define.js';
import type { T3Composer } from '../../src/composer.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { ENVIRONMENT_ID, listThread, resolveAsset, sendSubmission } from './host-api.js';
import { previewAnnotation, pullRequestComment, reviewComment, terminalExcerpt } from './side-panel.js';
import { renderTranscript } from './transcript.js';

const THREAD = new URLSearchParams(location.search).get('thread') ?? 'demo';

const scope = document.querySelector('t3-context-scope')!;
scope.environmentId = ENVIRONMENT_ID;
scope.icons = ICONS;
scope.resolveAsset = resolveAsset;

const composer = document.querySelector<T3Composer>('t3-composer')!;
composer.providers = PROVIDERS;
composer.commands = COMMANDS;

const transcript = document.querySelector<HTMLElement>('#transcript')!;
const status = document.querySelector<HTMLElement>('#status')!;

async function refresh(): Promise<void> {
  renderTranscript(transcript, await listThread(THREAD));
}

// The draft stays until the host has stored the message, so a refused message is not lost.
composer.addEventListener('t3-submit', (event) => {
  event.preventDefault();
  status.textContent = 'Sending…';
  sendSubmission(THREAD, event.detail)
    .then(async (created) => {
      composer.clear();
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
