// `define` runs before Vue mounts the app.
import 't3-composer/define';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
