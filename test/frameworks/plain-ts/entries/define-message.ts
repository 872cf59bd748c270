// Checked alone: `define-message` by itself brings the message elements' tag and event types.
import 't3-composer/define-message';

const message = document.createElement('t3-user-message');
message.text = 'See [@README.md](t3-context://v1/mention/mention_readme)';
message.addEventListener('t3-chip-activate', (event) => console.log(event.detail.kind, event.detail.placement));
export const chip: string = document.createElement('t3-context-chip').contextId;
