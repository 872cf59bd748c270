// Renders before registering the elements, the order docs/frameworks.md warns against: Preact
// writes `providers` as an attribute, and the composer warns when it upgrades.
import 't3-composer/types/preact';
import { render } from 'preact';
import { providers } from '../../shared/mentions.js';

render(<t3-composer label="Message" providers={providers} />, document.querySelector('#app')!);
await import('t3-composer/define');
