// `define` runs before Svelte mounts the app.
import 't3-composer/define';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.querySelector('#app')! });
