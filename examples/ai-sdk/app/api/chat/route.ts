import { convertToModelMessages, simulateReadableStream, streamText, type UIMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { projectUIMessages } from 't3-composer/ai-sdk';

/**
 * The route handler: each user message reaches the model as `projectContextForProvider` writes it
 * (markers in place, one `<t3_context>` envelope), never as the data part's JSON.
 */
export async function POST(request: Request) {
  const { messages }: { messages: UIMessage[] } = await request.json();
  const result = streamText({
    model: echoModel(),
    messages: await convertToModelMessages(projectUIMessages(messages)),
  });
  return result.toUIMessageStreamResponse();
}

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/**
 * A mock model (no key needed) that answers with what it was given: the text of the last user
 * message as the model reads it, streamed a few characters at a time.
 */
function echoModel() {
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => {
      const last = prompt.filter((message) => message.role === 'user').at(-1);
      const read = last?.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n') ?? '';
      const reply = `The model read your message as:\n\n${read}\n\nThat is all it received.`;
      const pieces = reply.match(/[\s\S]{1,12}/g) ?? [];
      return {
        stream: simulateReadableStream({
          chunkDelayInMs: 15,
          chunks: [
            { type: 'text-start', id: 'reply' },
            ...pieces.map((delta) => ({ type: 'text-delta' as const, id: 'reply', delta })),
            { type: 'text-end', id: 'reply' },
            { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
          ],
        }),
      };
    },
  });
}
