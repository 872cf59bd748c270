import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ComposerSubmitDetail } from '../../src/composer.js';
import { T3Composer, T3ContextScope, T3UserMessage } from '../../src/react/index.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { ENVIRONMENT_ID, listThread, resolveAsset, sendSubmission, type ThreadMessage } from './host-api.js';

const THREAD = 'react';

function App() {
  const [messages, setMessages] = useState<ThreadMessage[]>([]);
  const [status, setStatus] = useState('');
  const refresh = useCallback(() => listThread(THREAD).then(setMessages), []);
  useEffect(() => void refresh(), [refresh]);

  // The composer keeps the draft until the host has stored the message, and brings it back if not.
  const onSubmit = useCallback(
    (event: CustomEvent<ComposerSubmitDetail>) => {
      setStatus('Sending…');
      const stored = sendSubmission(THREAD, event.detail);
      event.detail.waitUntil(stored);
      stored.then(
        () => {
          setStatus('');
          refresh().catch((error: Error) => setStatus(`Could not load the thread: ${error.message}`));
        },
        // The composer's notice says why; the status line does not repeat it.
        () => setStatus(''),
      );
    },
    [refresh],
  );

  return (
    <T3ContextScope environmentId={ENVIRONMENT_ID} icons={ICONS} resolveAsset={resolveAsset}>
      <main className="single">
        <ol id="transcript" aria-label="Messages">
          {messages.map((message) =>
            message.role === 'user' ? (
              <li key={message.id} className="entry user">
                <T3UserMessage text={message.text} context={message.context} />
              </li>
            ) : (
              <li key={message.id} className="entry assistant">
                <article className="reply" aria-label="Assistant reply">
                  {/* The answer is Markdown; this page shows its source as text, the main page renders it. */}
                  <p className="reply-source">{message.text}</p>
                  <details className="inspector">
                    <summary>What the model receives</summary>
                    <pre className="projection" tabIndex={0} aria-label="What the model receives">
                      {message.modelInput}
                    </pre>
                  </details>
                </article>
              </li>
            ),
          )}
        </ol>
        <div className="composer-row">
          <T3Composer
            id="composer"
            label="Message"
            placeholder="Message (React 18 wrapper)"
            providers={PROVIDERS}
            commands={COMMANDS}
            onSubmit={onSubmit}
          />
          <p id="status" className="status" role="status">
            {status}
          </p>
        </div>
      </main>
    </T3ContextScope>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
