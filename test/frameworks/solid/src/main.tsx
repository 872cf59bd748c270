// Solid renders the bare tags; `define` runs before the first render.
import 't3-composer/define';
import 't3-composer/types/solid';
import { createSignal, For } from 'solid-js';
import { render } from 'solid-js/web';
import type { ComposerSubmitDetail } from 't3-composer';
import { providers } from '../../shared/mentions.js';

function App() {
  const [sent, setSent] = createSignal<ComposerSubmitDetail[]>([]);
  return (
    <>
      <div id="sent">
        <For each={sent()}>
          {(message) => <t3-user-message prop:text={message.text} prop:context={message.context} />}
        </For>
      </div>
      <t3-composer
        label="Message"
        prop:providers={providers}
        on:t3-submit={(event) => setSent((messages) => [...messages, event.detail])}
      />
    </>
  );
}

render(() => <App />, document.querySelector('#app')!);
