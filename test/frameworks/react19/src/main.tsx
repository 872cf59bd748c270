// React 19 renders the bare tags; `define` runs before the first render.
import 't3-composer/define';
import 't3-composer/types/react';
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ComposerSubmitDetail, T3Composer } from 't3-composer';
import { providers } from '../../shared/mentions.js';

function App() {
  const [sent, setSent] = useState<ComposerSubmitDetail[]>([]);
  const composer = useRef<T3Composer>(null);
  return (
    <>
      <div id="sent">
        {sent.map((message, index) => (
          <t3-user-message key={index} text={message.text} context={message.context} />
        ))}
      </div>
      <t3-composer
        ref={composer}
        label="Message"
        providers={providers}
        ont3-submit={(event) => {
          setSent((messages) => [...messages, event.detail]);
          composer.current?.focus();
        }}
      />
    </>
  );
}

createRoot(document.querySelector('#app')!).render(<App />);
