'use client';

// On the server: registers the elements and renders what a message loads on demand; in the browser
// (the `browser` condition of t3-composer's exports) it does nothing.
import 't3-composer/ssr';
import { T3UserMessage } from 't3-composer/react-message';
import type { StoredMessage } from './thread';

/** The thread's messages: rendered on the server with their shadow DOM, hydrated in the browser. */
export function ThreadView({ messages }: { messages: readonly StoredMessage[] }) {
  return (
    <section id="thread" aria-label="Thread">
      {messages.map((message) => (
        <T3UserMessage key={message.id} text={message.text} context={message.context} format={message.format} />
      ))}
    </section>
  );
}
