/** What Enter and the send button do while the composer is busy. */
export type QueueMode = 'queue' | 'block' | 'send';

export const QUEUE_MODES: readonly QueueMode[] = ['queue', 'block', 'send'];

/** The mode a `queue-mode` value means: anything unknown means `queue`. */
export function queueModeOf(value: unknown): QueueMode {
  return QUEUE_MODES.includes(value as QueueMode) ? (value as QueueMode) : 'queue';
}
