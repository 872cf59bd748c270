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

async function refresh() {
  const response = await fetch('/api/threads/' + thread + '/messages');
  const { messages } = await response.json();
  transcript.replaceChildren(
    ...messages.map((message) => {
      const entry = document.createElement('li');
      entry.className = 'entry ' + message.role;
      if (message.role === 'user') {
        const element = document.createElement('t3-user-message');
        element.text = message.text;
        element.context = message.context;
        entry.append(element);
      } else {
        // The reply: what the model receives, in a collapsed inspector.
        const reply = document.createElement('article');
        reply.className = 'reply';
        reply.setAttribute('aria-label', 'Assistant reply');
        const details = document.createElement('details');
        details.className = 'inspector';
        const summary = document.createElement('summary');
        summary.textContent = 'What the model receives';
        const body = document.createElement('pre');
        body.className = 'projection';
        body.tabIndex = 0;
        body.setAttribute('aria-label', 'What the model receives');
        body.textContent = message.modelInput;
        details.append(summary, body);
        // The answer is Markdown; this page shows its source as text, the main page renders it.
        const answer = document.createElement('p');
        answer.className = 'reply-source';
        answer.textContent = message.text;
        reply.append(answer);
        reply.append(details);
        entry.append(reply);
      }
      return entry;
    }),
  );
}

composer.addEventListener('t3-submit', (event) => {
  const { text, context, prompt, inputAnnotations } = event.detail;
  status.textContent = 'Sending…';
  const stored = fetch('/api/threads/' + thread + '/messages', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ text, context: context ?? null, prompt, inputAnnotations, attachments: [] }),
  }).then(async (response) => {
    if (!response.ok) throw new Error((await response.json().catch(() => ({}))).error || response.statusText);
  });
  // The composer clears now and keeps the draft until the host has stored it; if not, it comes back.
  event.detail.waitUntil(stored);
  stored.then(
    () => {
      status.textContent = '';
      refresh().catch((error) => (status.textContent = 'Could not load the thread: ' + error.message));
    },
    // The composer's notice says why; the status line does not repeat it.
    () => (status.textContent = ''),
  );
});

refresh();
