import { StrictMode, useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { ComposerSubmitDetail } from '../../src/composer.js';
import { T3Composer, T3ContextScope, T3UserMessage } from '../../src/react/index.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { type AssistantMessage, ENVIRONMENT_ID, resolveAsset } from './host-api.js';
import { messageFiles } from './message-files.js';
import { renderReplyMarkdown, replyStatus } from './reply-markdown.js';
import { StreamedThread } from './streamed-thread.js';
import { uploadTo } from './uploads.js';

const thread = new StreamedThread('react');
const uploadAttachment = uploadTo(() => thread.threadId);

function App() {
  const { messages, busy, status } = useSyncExternalStore(thread.subscribe, thread.snapshot);
  useEffect(() => void thread.load(), []);

  // The composer keeps the draft until the host has stored the message, and brings it back if not;
  // it is busy while the reply streams, so Enter queues a follow-up and Stop stops the reply.
  const onSubmit = useCallback((event: CustomEvent<ComposerSubmitDetail>) => {
    event.detail.waitUntil(thread.send(event.detail));
  }, []);
  const onStop = useCallback(() => thread.stop(), []);

  return (
    <T3ContextScope environmentId={ENVIRONMENT_ID} icons={ICONS} resolveAsset={resolveAsset}>
      <main className="single">
        <ol id="transcript" aria-label="Messages">
          {messages.map((message) =>
            message.role === 'user' ? (
              <li key={message.id} className="entry user">
                <T3UserMessage text={message.text} context={message.context} {...messageFiles(message)} />
              </li>
            ) : (
              <li key={message.id} className="entry assistant">
                <Reply reply={message} />
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
            uploadAttachment={uploadAttachment}
            busy={busy}
            onSubmit={onSubmit}
            onStop={onStop}
          />
          <p id="status" className="status" role="status">
            {status}
          </p>
        </div>
      </main>
    </T3ContextScope>
  );
}

/** A reply as the main page shows it: its state, its Markdown answer (built again as it streams), the model input. */
function Reply({ reply }: { reply: AssistantMessage }) {
  const body = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => renderReplyMarkdown(body.current!, reply.text), [reply.text]);
  return (
    <article
      className="reply"
      aria-label="Assistant reply"
      data-state={reply.state}
      aria-busy={reply.state === 'streaming'}
    >
      <p className="reply-status">{replyStatus(reply)}</p>
      <div className="reply-body" ref={body} />
      <details className="inspector">
        <summary>
          <span>What the model receives</span>
          <span className="inspector-size">{reply.modelInput.length.toLocaleString('en')} characters</span>
        </summary>
        <pre className="projection" tabIndex={0} aria-label="What the model receives">
          {reply.modelInput}
        </pre>
      </details>
    </article>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
