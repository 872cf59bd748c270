// The script-tag page's host code: plain JavaScript against window.T3Composer's elements, no build step.
const thread = 'script-tag';
const transcript = document.getElementById('transcript');
const status = document.getElementById('status');
const composer = document.querySelector('t3-composer');
composer.commands = [{ name: 'explain', description: 'Explain the context' }];
composer.providers = [
  {
    id: 'skills',
    label: 'Skills',
    search: (query) =>
      ['refactor', 'write-tests', 'summarize']
        .filter((name) => name.includes(query))
        .map((name) => ({
          id: name,
          label: name,
          record: { version: 1, kind: 'skill', contextId: 'skill_' + name, label: name, name },
        })),
  },
];

const STATES = {
  streaming: 'Simulated assistant · answering…',
  complete: 'Simulated assistant · answered',
  stopped: 'Simulated assistant · stopped',
};

/** A user message: its text with its chips, in <t3-user-message>. */
function userEntry(message) {
  const entry = document.createElement('li');
  entry.className = 'entry user';
  entry.dataset.messageId = message.id;
  const element = document.createElement('t3-user-message');
  element.text = message.text;
  element.context = message.context;
  entry.append(element);
  return entry;
}

/**
 * A reply: its state, the answer and what the model receives in a collapsed inspector. The answer is
 * Markdown, rendered by the bundle's own renderer, <t3-user-message> (DOM nodes, never an HTML
 * string: raw HTML in it shows as text), with no records, so it holds no chips.
 */
function replyEntry(reply) {
  const entry = document.createElement('li');
  entry.className = 'entry assistant';
  entry.dataset.messageId = reply.id;
  const article = document.createElement('article');
  article.className = 'reply';
  article.setAttribute('aria-label', 'Assistant reply');
  const state = document.createElement('p');
  state.className = 'reply-status';
  const answer = document.createElement('t3-user-message');
  answer.className = 'reply-markdown';
  answer.context = { version: 1, records: [] };
  const details = document.createElement('details');
  details.className = 'inspector';
  const summary = document.createElement('summary');
  const title = document.createElement('span');
  title.textContent = 'What the model receives';
  const size = document.createElement('span');
  size.className = 'inspector-size';
  size.textContent = reply.modelInput.length.toLocaleString('en') + ' characters';
  summary.append(title, size);
  const input = document.createElement('pre');
  input.className = 'projection';
  input.tabIndex = 0;
  input.setAttribute('aria-label', 'What the model receives');
  input.textContent = reply.modelInput;
  details.append(summary, input);
  article.append(state, answer, details);
  entry.append(article);
  showReply(entry, reply);
  return entry;
}

/** Shows a reply's text and state in its entry. */
function showReply(entry, reply) {
  const article = entry.querySelector('.reply');
  article.dataset.state = reply.state;
  article.setAttribute('aria-busy', String(reply.state === 'streaming'));
  article.querySelector('.reply-status').textContent = STATES[reply.state] || reply.state;
  article.querySelector('.reply-markdown').text = reply.text;
}

const entryOf = (id) => transcript.querySelector('li[data-message-id="' + CSS.escape(id) + '"]');

async function refresh() {
  const response = await fetch('/api/threads/' + thread + '/messages');
  const { messages } = await response.json();
  transcript.replaceChildren(
    ...messages.map((message) => (message.role === 'user' ? userEntry(message) : replyEntry(message))),
  );
}

/** The Server-Sent Events of a response body, each as {event, data} with its data parsed. */
async function* readEvents(body) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
      }
      if (data.length > 0) yield { event, data: JSON.parse(data.join('\n')) };
    }
  }
}

/** The message being sent and its reply, once the host has stored it: Stop asks the host to stop that reply. */
let streaming = null;

async function send(detail, current, stored) {
  const { text, context, prompt, inputAnnotations } = detail;
  const response = await fetch('/api/threads/' + thread + '/messages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ text, context: context ?? null, prompt, inputAnnotations, attachments: [] }),
  });
  if (!response.ok || !response.body) {
    throw new Error((await response.json().catch(() => ({}))).error || response.statusText);
  }
  // The reply streams word by word; the composer is busy meanwhile, so Enter queues a follow-up.
  for await (const { event, data } of readEvents(response.body)) {
    if (event === 'created') {
      // Busy while the reply streams, from before the composer learns the message is stored: so a
      // follow-up queued meanwhile waits for the reply's end, and Stop shows.
      current.replyId = data.reply.id;
      composer.busy = true;
      stored();
      transcript.append(userEntry(data.message), replyEntry(data.reply));
    } else if (event === 'delta') {
      const answer = entryOf(data.replyId)?.querySelector('.reply-markdown');
      if (answer) answer.text += data.text;
    } else if (event === 'end') {
      const entry = entryOf(data.reply.id);
      if (entry) showReply(entry, data.reply);
    }
  }
}

function stop() {
  if (!streaming?.replyId) return;
  fetch('/api/replies/' + encodeURIComponent(streaming.replyId) + '/stop', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
}

composer.addEventListener('t3-submit', (event) => {
  const current = { replyId: null };
  streaming = current;
  status.textContent = '';
  // The composer clears now and keeps the draft until the host has stored it; if not, it comes back
  // and its notice says why, so the status line does not repeat it.
  event.detail.waitUntil(
    new Promise((stored, refused) => {
      send(event.detail, current, stored)
        .catch((error) => {
          if (!current.replyId) refused(error);
          else status.textContent = 'Lost the reply’s stream; reload to see it.';
        })
        .finally(() => {
          if (streaming !== current) return;
          streaming = null;
          composer.busy = false;
        });
    }),
  );
});
composer.addEventListener('t3-stop', stop);

refresh().catch((error) => (status.textContent = 'Could not load the thread: ' + error.message));
