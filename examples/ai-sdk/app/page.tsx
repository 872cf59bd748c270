import { Chat } from './chat';

/** A server component: the page's frame; the chat itself is a client component. */
export default function Page() {
  return (
    <main>
      <h1>t3-composer with the AI SDK</h1>
      <Chat />
    </main>
  );
}
