// `define` runs before Svelte mounts the app; the second line types the tags in every component.
import 't3-composer/define';
import 't3-composer/types/svelte';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.querySelector('#app')! });
