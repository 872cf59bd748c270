// Checked alone: `define-composer` by itself brings the composer's tag and event types.
import 't3-composer/define-composer';

const composer = document.createElement('t3-composer');
composer.addEventListener('t3-submit', (event) => console.log(event.detail.prompt));
composer.addEventListener('t3-attachment-remove', (event) => console.log(event.detail));
export const value = composer.value;
