// Renders before registering the elements, the order docs/frameworks.md warns against: React 19
// writes `providers` as an attribute, and the composer warns when it upgrades.
import 't3-composer/types/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { providers } from '../../shared/mentions.js';

const root = createRoot(document.querySelector('#app')!);
flushSync(() => root.render(<t3-composer label="Message" providers={providers} />));
await import('t3-composer/define');
