// React 18 uses the wrappers, which register the elements themselves.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ComposerSubmitDetail, ComposerValue } from 't3-composer';
import { T3Composer, T3UserMessage } from 't3-composer/react';
import { providers } from '../../shared/mentions.js';

function App() {
  const [sent, setSent] = useState<ComposerSubmitDetail[]>([]);
  // As the README writes it: `onInput`'s target is the composer, with its value.
  const [, saveDraft] = useState<ComposerValue>();
  return (
    <>
      <div id="sent">
        {sent.map((message, index) => (
          <T3UserMessage key={index} text={message.text} context={message.context} />
        ))}
      </div>
      <T3Composer
        label="Message"
        providers={providers}
        onSubmit={(event) => setSent((messages) => [...messages, event.detail])}
        onInput={(event) => saveDraft(event.target.value)}
      />
    </>
  );
}

createRoot(document.querySelector('#app')!).render(<App />);
