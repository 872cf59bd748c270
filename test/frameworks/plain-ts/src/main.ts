// Only the define entry: it alone must bring the tag and event types.
import 't3-composer/define';
import { providers } from '../../shared/mentions.js';

const app = document.querySelector('#app')!;
const composer = document.createElement('t3-composer');
composer.providers = providers;
composer.label = 'Message';
const sent = document.createElement('div');
sent.id = 'sent';
composer.addEventListener('t3-submit', (event) => {
  const message = document.createElement('t3-user-message');
  message.text = event.detail.text;
  message.context = event.detail.context;
  sent.append(message);
});
app.append(sent, composer);
