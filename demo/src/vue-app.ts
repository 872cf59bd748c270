import { createApp, defineComponent, h, onMounted, ref } from 'vue';
import '../../src/define.js';
import type { ComposerSubmitDetail } from '../../src/composer.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { ENVIRONMENT_ID, listThread, resolveAsset, sendSubmission, type ThreadMessage } from './host-api.js';

const THREAD = 'vue';

/** Vue 3 sets known element properties as properties, so records and providers pass as objects. */
const App = defineComponent({
  setup() {
    const messages = ref<ThreadMessage[]>([]);
    const status = ref('');
    const refresh = async () => {
      messages.value = await listThread(THREAD);
    };
    onMounted(refresh);
    // The composer keeps the draft until the host has stored the message, and brings it back if not.
    const onSubmit = (event: CustomEvent<ComposerSubmitDetail>) => {
      status.value = 'Sending…';
      const stored = sendSubmission(THREAD, event.detail);
      event.detail.waitUntil(stored);
      stored.then(
        () => {
          status.value = '';
          refresh().catch((error: Error) => (status.value = `Could not load the thread: ${error.message}`));
        },
        // The composer's notice says why; the status line does not repeat it.
        () => (status.value = ''),
      );
    };
    return () =>
      h('t3-context-scope', { environmentId: ENVIRONMENT_ID, icons: ICONS, resolveAsset }, [
        h('main', { class: 'single' }, [
          h(
            'ol',
            { id: 'transcript', 'aria-label': 'Messages' },
            messages.value.map((message) =>
              message.role === 'user'
                ? h('li', { key: message.id, class: 'entry user' }, [
                    h('t3-user-message', { text: message.text, context: message.context }),
                  ])
                : h('li', { key: message.id, class: 'entry assistant' }, [
                    h('article', { class: 'reply', 'aria-label': 'Assistant reply' }, [
                      // The answer is Markdown; this page shows its source as text, the main page renders it.
                      h('p', { class: 'reply-source' }, message.text),
                      h('details', { class: 'inspector' }, [
                        h('summary', 'What the model receives'),
                        h(
                          'pre',
                          { class: 'projection', tabindex: 0, 'aria-label': 'What the model receives' },
                          message.modelInput,
                        ),
                      ]),
                    ]),
                  ]),
            ),
          ),
          h('div', { class: 'composer-row' }, [
            h('t3-composer', {
              id: 'composer',
              label: 'Message',
              placeholder: 'Message (Vue 3)',
              providers: PROVIDERS,
              commands: COMMANDS,
              'onT3-submit': onSubmit,
            }),
            h('p', { id: 'status', class: 'status', role: 'status' }, status.value),
          ]),
        ]),
      ]);
  },
});

createApp(App).mount('#root');
