import { Composer } from './composer';
import { THREAD } from './thread';
import { ThreadView } from './thread-view';

/** A thread page reads its store on each request: rendered by `next start`, not at build time. */
export const dynamic = 'force-dynamic';

/** A server component: it loads the thread and hands the stored messages to the client component that renders them. */
export default function Page() {
  return (
    <main>
      <ThreadView messages={THREAD} />
      <Composer />
    </main>
  );
}
