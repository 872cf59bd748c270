/** One Server-Sent Event: its name (`message` when the stream gave none) and its data lines joined. */
export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Reads Server-Sent Events from a response body as they arrive (the `text/event-stream` framing:
 * fields per line, events separated by a blank line). Comments and unknown fields are skipped; an
 * event cut off by the end of the stream is dropped, as EventSource does.
 */
export async function* readEventStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const blocks = new BlockSplitter();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const block of blocks.push(decoder.decode(value, { stream: true }))) {
        const event = parseEventBlock(block);
        if (event) yield event;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

const BLANK_LINE = /\r\n\r\n|\n\n|\r\r/;
/** A blank line is at most four characters: three of them may end one piece and the rest begin the next. */
const SEPARATOR_PREFIX = 3;

/**
 * Cuts text arriving in pieces into blocks at blank lines. Each piece is searched once (with the
 * few characters before it), so a megabytes-long event arriving in many pieces costs linear time,
 * not a search of everything so far on every piece.
 */
export class BlockSplitter {
  /** Text of the block being read, except its last few characters. */
  private readonly parts: string[] = [];
  /** The block's last characters, which may begin a blank line. */
  private tail = '';

  push(text: string): string[] {
    const blocks: string[] = [];
    let window = this.tail + text;
    for (let match = BLANK_LINE.exec(window); match; match = BLANK_LINE.exec(window)) {
      blocks.push(this.parts.join('') + window.slice(0, match.index));
      this.parts.length = 0;
      window = window.slice(match.index + match[0].length);
    }
    const kept = Math.max(0, window.length - SEPARATOR_PREFIX);
    if (kept > 0) this.parts.push(window.slice(0, kept));
    this.tail = window.slice(kept);
    return blocks;
  }
}

function parseEventBlock(block: string): StreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length > 0 ? { event, data: data.join('\n') } : null;
}
