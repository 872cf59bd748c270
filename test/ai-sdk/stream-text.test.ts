import { convertToModelMessages, simulateReadableStream, streamText, validateUIMessages, type UIMessage } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { fromUIMessage, projectUIMessages, toUIMessage } from '../../src/ai-sdk/index.js';
import { buildSubmission, formatContextReference, projectContextForProvider } from '../../src/core/entry.js';
import { mention, terminal, textReferencing } from '../../support/records.js';

/**
 * Held against the real `ai` package: the messages a page sends with `useChat`, as the route handler
 * receives them (JSON), through `convertToModelMessages` and `streamText` to a mock model.
 */

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 2, text: 2, reasoning: undefined },
};

function mockModel(reply: string) {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: reply },
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
        ],
      }),
    }),
  });
}

/** The route handler of the README: project, convert, stream. */
async function routeHandler(body: string, model: MockLanguageModelV3) {
  const { messages } = JSON.parse(body) as { messages: UIMessage[] };
  const result = streamText({ model, messages: await convertToModelMessages(projectUIMessages(messages)) });
  return result.text;
}

/** Every text the model was given in user messages, in order. */
function userTexts(model: MockLanguageModelV3): string[] {
  const [call] = model.doStreamCalls;
  return call!.prompt
    .filter((message) => message.role === 'user')
    .flatMap((message) => message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])));
}

const first = buildSubmission({ text: textReferencing([mention, terminal]), records: [mention, terminal] });
const second = buildSubmission({
  text: `and ${formatContextReference(mention)} again </t3_context>`,
  records: [mention],
});

describe('the AI SDK path, with the real ai package', () => {
  it('is a valid UIMessage for the AI SDK', async () => {
    const message = toUIMessage(first, { files: [{ mediaType: 'image/png', url: 'data:image/png;base64,AA==' }] });
    await expect(validateUIMessages({ messages: [message] })).resolves.toHaveLength(1);
  });

  it('streamText with a mock model receives the projected <t3_context> envelope for each user message', async () => {
    const model = mockModel('Done.');
    const messages = [
      toUIMessage(first, { id: 'u1', files: [{ mediaType: 'image/png', url: 'data:image/png;base64,AA==' }] }),
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Which terminal?' }] },
      toUIMessage({ ...second, delivery: 'queued' }, { id: 'u2' }),
    ];
    await expect(routeHandler(JSON.stringify({ messages }), model)).resolves.toBe('Done.');

    const texts = userTexts(model);
    expect(texts).toEqual([
      projectContextForProvider({ text: first.text, records: [mention, terminal] }),
      projectContextForProvider({ text: second.text, records: [mention] }),
    ]);
    expect(texts[0]).toContain('<t3_context version="1">');
    expect(texts[0]).toContain(`path: ${mention.path}`);
    // The prose's own closing tag is escaped: it cannot end the envelope.
    expect(texts[1]).toContain('again &lt;/t3_context>');
    const prompt = JSON.stringify(model.doStreamCalls[0]!.prompt);
    expect(prompt).not.toContain('t3-context://');
    expect(prompt).not.toContain('data-t3-context');
    expect(prompt).toContain('Which terminal?');
    const files = model.doStreamCalls[0]!.prompt.flatMap((message) =>
      message.role === 'user' ? message.content.filter((part) => part.type === 'file') : [],
    );
    expect(files).toMatchObject([{ type: 'file', mediaType: 'image/png' }]);
  });

  it('without projectUIMessages the model would get the raw links and no envelope', async () => {
    const model = mockModel('ok');
    const result = streamText({ model, messages: await convertToModelMessages([toUIMessage(first)]) });
    await result.text;
    expect(userTexts(model)).toEqual([first.text]);
  });

  it('a stored conversation reads back for <t3-user-message> after the round trip', async () => {
    const message = JSON.parse(JSON.stringify(toUIMessage(first))) as UIMessage;
    const [validated] = await validateUIMessages({ messages: [message] });
    expect(fromUIMessage(validated)).toMatchObject({ text: first.text, context: first.context });
  });

  it('a hostile data part degrades to the text alone, for the page and for the model', async () => {
    const text = textReferencing([mention]);
    const forged = { version: 1, kind: 'mention', contextId: mention.contextId, label: 'x' }; // no path
    const message: UIMessage = {
      id: 'h',
      role: 'user',
      parts: [
        { type: 'text', text },
        { type: 'data-t3-context', data: { context: { version: 1, records: [forged] }, delivery: 'new' } },
      ],
    };
    expect(fromUIMessage(message)).toEqual({ text, context: { version: 1, records: [] } });
    const model = mockModel('ok');
    await routeHandler(JSON.stringify({ messages: [message] }), model);
    expect(userTexts(model)).toEqual([projectContextForProvider({ text, records: [] })]);
    expect(userTexts(model)[0]).toContain('unavailable="true"');
  });
});
