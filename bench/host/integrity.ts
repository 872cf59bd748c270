import type { ThreadListing, UserMessage } from '../../server/api-types.js';
import { type MessageContext } from '../../src/core/index.js';
import { WRITE_THREADS, PNG_BYTES, type SentMessage, type WriteLog } from './load.js';

/** After the load: every acknowledged write listed back and compared with what was sent. */
/** JSON with object keys sorted, so two structures compare by content, not key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

async function listUserMessages(url: string, threadId: string): Promise<UserMessage[]> {
  const listing = await getJson<ThreadListing>(`${url}/api/threads/${threadId}/messages`);
  return listing.messages.filter((message): message is UserMessage => message.role === 'user');
}

/** The sent body as the host should store it: the image record rebound to the stored attachment's id. */
function expectedStoredFields(sent: SentMessage, stored: UserMessage): unknown {
  const body = JSON.parse(sent.body) as {
    text: string;
    prompt: string;
    inputAnnotations: unknown[];
    context: MessageContext;
  };
  const storedImage = stored.attachments.find((attachment) => attachment.name === sent.attachmentName);
  const records = body.context.records.map((record) =>
    record.kind === 'image' && storedImage ? { ...record, attachmentId: storedImage.attachmentId } : record,
  );
  return {
    text: body.text,
    prompt: body.prompt,
    inputAnnotations: body.inputAnnotations,
    context: { version: 1, records },
  };
}

function storedFields(stored: UserMessage): unknown {
  return {
    text: stored.text,
    prompt: stored.prompt,
    inputAnnotations: stored.inputAnnotations,
    context: stored.context,
  };
}

export interface Integrity {
  lost: number;
  corrupted: number;
  /** Stored writes this process got no 201 for: in flight when a burst stopped, or a response lost to a timeout. */
  unacknowledged: number;
  /** Stored messages that match no body sent. */
  unknown: number;
  stored: number;
  problems: string[];
}

/** Which sent body a stored message came from: the number in its text. */
function sentIndexOf(message: UserMessage): number | undefined {
  const match = /^Message[^:]* (\d+): /.exec(message.text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Every acknowledged write must be listed back; every stored write (acknowledged or caught in
 * flight when a burst stopped) must hold the fields it was sent with, and its image the same bytes.
 */
export async function verifyWrites(url: string, log: WriteLog): Promise<Integrity> {
  const stored = new Map<string, UserMessage>();
  for (let thread = 0; thread < WRITE_THREADS; thread++) {
    for (const message of await listUserMessages(url, `load-${thread}`)) stored.set(message.id, message);
  }
  const acknowledged = new Set(log.acknowledged.map(({ id }) => id));
  const integrity: Integrity = {
    lost: 0,
    corrupted: 0,
    unacknowledged: 0,
    unknown: 0,
    stored: stored.size,
    problems: [],
  };
  for (const { id, index } of log.acknowledged) {
    if (stored.get(id)?.threadId === log.sent[index]!.threadId) continue;
    integrity.lost++;
    integrity.problems.push(`write ${index} (${id}) is not listed in ${log.sent[index]!.threadId}`);
  }
  const images: { id: string; url: string }[] = [];
  for (const message of stored.values()) {
    if (!acknowledged.has(message.id)) integrity.unacknowledged++;
    const index = sentIndexOf(message);
    const sent = index === undefined ? undefined : log.sent[index];
    if (!sent) {
      integrity.unknown++;
      integrity.problems.push(`stored message ${message.id} matches no sent body`);
      continue;
    }
    const imageIntact =
      !sent.attachmentName ||
      message.attachments.some(
        (attachment) => attachment.name === sent.attachmentName && attachment.sizeBytes === PNG_BYTES.length,
      );
    if (
      !imageIntact ||
      message.threadId !== sent.threadId ||
      canonicalJson(storedFields(message)) !== canonicalJson(expectedStoredFields(sent, message))
    ) {
      integrity.corrupted++;
      integrity.problems.push(`stored message ${message.id} (write ${index}) differs from what was sent`);
      continue;
    }
    for (const attachment of message.attachments) images.push({ id: message.id, url: `${url}${attachment.url}` });
  }
  for (const bad of await imagesWithOtherBytes(images)) {
    integrity.corrupted++;
    integrity.problems.push(`the image of ${bad} has other bytes than were sent`);
  }
  return integrity;
}

/** Fetches the stored images a few at a time; returns the ids of messages whose image bytes differ. */
async function imagesWithOtherBytes(images: readonly { id: string; url: string }[]): Promise<string[]> {
  const bad: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < images.length) {
      const image = images[next++]!;
      const response = await fetch(image.url);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!response.ok || !bytes.equals(PNG_BYTES)) bad.push(image.id);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return bad;
}
