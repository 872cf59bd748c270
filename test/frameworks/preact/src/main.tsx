// Preact renders the bare tags; `define` runs before the first render.
import 't3-composer/define';
import 't3-composer/types/preact';
import { render } from 'preact';
import { useState } from 'preact/hooks';
import type { ComposerSubmitDetail } from 't3-composer';
import { providers } from '../../shared/mentions.js';

function App() {
  const [sent, setSent] = useState<ComposerSubmitDetail[]>([]);
  return (
    <>
      <div id="sent">
        {sent.map((message, index) => (
          <t3-user-message key={index} text={message.text} context={message.context} />
        ))}
      </div>
      <t3-composer
        label="Message"
        providers={providers}
        ont3-submit={(event) => setSent((messages) => [...messages, event.detail])}
      />
    </>
  );
}

render(<App />, document.querySelector('#app')!);
