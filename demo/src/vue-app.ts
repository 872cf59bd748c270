import { createApp, defineComponent, h, onMounted, onUnmounted, type PropType, ref, shallowRef, watch } from 'vue';
import '../../src/define.js';
import type { ComposerSubmitDetail } from '../../src/composer.js';
import { COMMANDS, ICONS, PROVIDERS } from './catalog.js';
import { type AssistantMessage, ENVIRONMENT_ID, resolveAsset } from './host-api.js';
import { messageFiles } from './message-files.js';
import { renderReplyMarkdown, replyStatus } from './reply-markdown.js';
import { StreamedThread } from './streamed-thread.js';
import { uploadTo } from './uploads.js';

const thread = new StreamedThread('vue');
const uploadAttachment = uploadTo(() => thread.threadId);

/** A reply as the main page shows it: its state, its Markdown answer (built again as it streams), the model input. */
const Reply = defineComponent({
  props: { reply: { type: Object as PropType<AssistantMessage>, required: true } },
  setup(props) {
    const body = ref<HTMLElement>();
    const render = () => {
      if (body.value) renderReplyMarkdown(body.value, props.reply.text);
    };
    onMounted(render);
    watch(() => props.reply.text, render, { flush: 'post' });
    return () =>
      h(
        'article',
        {
          class: 'reply',
          'aria-label': 'Assistant reply',
          'data-state': props.reply.state,
          'aria-busy': String(props.reply.state === 'streaming'),
        },
        [
          h('p', { class: 'reply-status' }, replyStatus(props.reply)),
          // Its children are the Markdown renderer's, never Vue's.
          h('div', { class: 'reply-body', ref: body }),
          h('details', { class: 'inspector' }, [
            h('summary', [
              h('span', 'What the model receives'),
              h(
                'span',
                { class: 'inspector-size' },
                `${props.reply.modelInput.length.toLocaleString('en')} characters`,
              ),
            ]),
            h(
              'pre',
              { class: 'projection', tabindex: 0, 'aria-label': 'What the model receives' },
              props.reply.modelInput,
            ),
          ]),
        ],
      );
  },
});

/** Vue 3 sets known element properties as properties, so records and providers pass as objects. */
const App = defineComponent({
  setup() {
    const view = shallowRef(thread.snapshot());
    const unsubscribe = thread.subscribe(() => (view.value = thread.snapshot()));
    onUnmounted(unsubscribe);
    onMounted(() => void thread.load());
    // The composer keeps the draft until the host has stored the message, and brings it back if not;
    // it is busy while the reply streams, so Enter queues a follow-up and Stop stops the reply.
    const onSubmit = (event: CustomEvent<ComposerSubmitDetail>) => event.detail.waitUntil(thread.send(event.detail));
    return () =>
      h('t3-context-scope', { environmentId: ENVIRONMENT_ID, icons: ICONS, resolveAsset }, [
        h('main', { class: 'single' }, [
          h(
            'ol',
            { id: 'transcript', 'aria-label': 'Messages' },
            view.value.messages.map((message) =>
              message.role === 'user'
                ? h('li', { key: message.id, class: 'entry user' }, [
                    h('t3-user-message', { text: message.text, context: message.context, ...messageFiles(message) }),
                  ])
                : h('li', { key: message.id, class: 'entry assistant' }, [h(Reply, { reply: message })]),
            ),
          ),
          h('div', { class: 'composer-row' }, [
            h('t3-composer', {
              id: 'composer',
              label: 'Message',
              placeholder: 'Message (Vue 3)',
              providers: PROVIDERS,
              commands: COMMANDS,
              uploadAttachment,
              busy: view.value.busy,
              'onT3-submit': onSubmit,
              'onT3-stop': () => thread.stop(),
            }),
            h('p', { id: 'status', class: 'status', role: 'status' }, view.value.status),
          ]),
        ]),
      ]);
  },
});

createApp(App).mount('#root');
