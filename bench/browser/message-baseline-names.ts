/** The message renderers the mount is measured against, by name: shared by the page and the Node side. */
import type { ReactPeerName } from './react-peers.js';

export type MessageBaseline = 'marked' | 'marked-chips' | ReactPeerName;

/** What each baseline is called in the results. */
export const MESSAGE_BASELINES: Record<MessageBaseline, string> = {
  marked: 'marked.parse + innerHTML into a shadow root each, chips as plain spans',
  'marked-chips':
    'marked.parse + innerHTML into a shadow root each, chips as spans of the same look (box, icon, label)',
  'react-markdown': 'React 19 + react-markdown 10 (+ remark-gfm), chips of the same look as link components',
  streamdown: 'React 19 + streamdown 2.7 (static mode, its Tailwind CSS), chips of the same look as link components',
};
