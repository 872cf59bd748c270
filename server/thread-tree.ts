/**
 * A thread as a tree of exchanges. Each user message follows a reply (its parent, `parentId`) or
 * starts the thread (null); its own reply is its only child. Editing a message posts a new one
 * with the same parent: a sibling, which starts another branch. A branch is the path from the
 * first message to a leaf, a message nothing follows yet.
 */

/** The id a reply goes by: its message's id with `_reply`. */
export const replyIdOf = (messageId: string) => `${messageId}_reply`;

/** The id of the message a reply answers; null when `replyId` is not a reply's id. */
export function messageIdOfReply(replyId: string): string | null {
  return replyId.endsWith('_reply') ? replyId.slice(0, -'_reply'.length) : null;
}

/** A user message's place in its thread: its id and the reply it follows. */
export interface MessageLink {
  id: string;
  parentId: string | null;
}

export class ThreadTree {
  /** Each message's position in the order it was stored. */
  private readonly order = new Map<string, number>();
  /** The message whose reply each message follows (null: it starts the thread). */
  private readonly previous = new Map<string, string | null>();
  /** The messages following each message's reply (under null: those starting the thread), oldest first. */
  private readonly following = new Map<string | null, string[]>();
  private readonly newest: string | null;

  /** `links`: the thread's user messages in the order they were stored. */
  constructor(links: readonly MessageLink[]) {
    links.forEach(({ id }, index) => this.order.set(id, index));
    for (const { id, parentId } of links) {
      const before = parentId === null ? null : messageIdOfReply(parentId);
      // A parent that is not an earlier message of this thread (a row edited by hand) starts the thread instead.
      const known = before !== null && (this.order.get(before) ?? Infinity) < this.order.get(id)! ? before : null;
      this.previous.set(id, known);
      const siblings = this.following.get(known);
      if (siblings) siblings.push(id);
      else this.following.set(known, [id]);
    }
    this.newest = links.at(-1)?.id ?? null;
  }

  has(messageId: string): boolean {
    return this.order.has(messageId);
  }

  /** The message a message or reply id belongs to, when it is in this thread. */
  messageOf(id: string): string | null {
    if (this.has(id)) return id;
    const answered = messageIdOfReply(id);
    return answered !== null && this.has(answered) ? answered : null;
  }

  /** The newest message at or under `messageId`: the end of the latest branch through it. */
  latestLeafUnder(messageId: string): string {
    let latest = messageId;
    const pending = [messageId];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (this.order.get(id)! > this.order.get(latest)!) latest = id;
      pending.push(...(this.following.get(id) ?? []));
    }
    return latest;
  }

  /**
   * Where the branch shown ends: the newest message under the one last chosen (the newest of the
   * thread when none was, or it is gone); null for an empty thread.
   */
  branchEnd(chosen: string | null): string | null {
    const start = chosen !== null && this.has(chosen) ? chosen : this.newest;
    return start === null ? null : this.latestLeafUnder(start);
  }

  /** The messages from the first to `end`, in order. */
  branchTo(end: string | null): string[] {
    const path: string[] = [];
    for (let id = end; id !== null; id = this.previous.get(id) ?? null) path.push(id);
    return path.reverse();
  }

  /** The messages with the same parent as `messageId`, oldest first, when there are others. */
  versionsOf(messageId: string): { siblings: string[]; index: number } | undefined {
    const siblings = this.following.get(this.previous.get(messageId) ?? null) ?? [];
    return siblings.length > 1 ? { siblings: [...siblings], index: siblings.indexOf(messageId) } : undefined;
  }
}
