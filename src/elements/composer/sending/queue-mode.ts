/**
 * What Enter and the send button do while the composer is busy (the host's assistant works, or a
 * send is in flight): `queue` the draft until the turn ends, `steer` it into the running turn at
 * once, `block` it (a notice), or `send` it as a new message at once.
 */
export type QueueMode = 'queue' | 'steer' | 'block' | 'send';

const QUEUE_MODES: readonly QueueMode[] = ['queue', 'steer', 'block', 'send'];

/** The mode a `queue-mode` value means: anything unknown means `queue`. */
export function queueModeOf(value: unknown): QueueMode {
  return QUEUE_MODES.includes(value as QueueMode) ? (value as QueueMode) : 'queue';
}

/** What a send does now: idle, it sends; busy, as the mode says, or the other way round (queue ↔ steer). */
export function followUpAction(busy: boolean, mode: QueueMode, otherWay: boolean): QueueMode {
  if (!busy) return 'send';
  if (!otherWay) return mode;
  return mode === 'queue' ? 'steer' : mode === 'steer' ? 'queue' : mode;
}
