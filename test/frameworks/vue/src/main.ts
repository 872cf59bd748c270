// `define` runs before Vue mounts the app; the second line types the tags in every template.
import 't3-composer/define';
import 't3-composer/types/vue';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
