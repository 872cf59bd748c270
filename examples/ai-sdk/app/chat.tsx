'use client';

import { useChat } from '@ai-sdk/react';
import type { UIMessage } from 'ai';
import type { MentionProvider, SubmittedAttachment } from 't3-composer';
import { fromUIMessage, toUIMessage, type T3UIMessageFile } from 't3-composer/ai-sdk';
import { T3Composer, T3UserMessage } from 't3-composer/react';

/** The files a person can mention with `@` (a real host searches its own). */
const FILES = ['README.md', 'src/index.ts', 'package.json'];

const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: (query) =>
    FILES.filter((path) => path.toLowerCase().includes(query.toLowerCase())).map((path) => ({
      id: path,
      label: path,
      record: {
        version: 1,
        kind: 'mention',
        contextId: `mention_${path.replace(/[^\w-]/g, '-')}`,
        label: `@${path}`,
        path,
      },
    })),
};
const providers = [files];

/** The composer's files as data URLs; a host with storage uploads them and passes their URLs instead. */
function filesOf(attachments: readonly SubmittedAttachment[]): Promise<T3UIMessageFile[]> {
  return Promise.all(
    attachments.map(
      ({ file }) =>
        new Promise<T3UIMessageFile>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve({ mediaType: file.type, filename: file.name, url: String(reader.result) });
          reader.onerror = () => reject(reader.error);
          reader.readAsDataURL(file);
        }),
    ),
  );
}

export function Chat() {
  const { messages, sendMessage, status, stop, error } = useChat();
  return (
    <>
      <div className="transcript">
        {messages.map((message) =>
          message.role === 'user' ? (
            <Sent key={message.id} message={message} />
          ) : (
            <Reply key={message.id} message={message} />
          ),
        )}
      </div>
      {error ? <p role="alert">The reply failed: {error.message}</p> : null}
      <T3Composer
        label="Message"
        placeholder="Ask about a file: type @"
        providers={providers}
        busy={status === 'submitted' || status === 'streaming'}
        onStop={() => void stop()}
        onSubmit={(event) => {
          const detail = event.detail;
          // Until the files are read the draft stays in flight; if reading fails it comes back.
          detail.waitUntil(
            filesOf(detail.attachments).then((files) => void sendMessage(toUIMessage(detail, { files }))),
          );
        }}
      />
    </>
  );
}

/** A sent message, chips and all, read back from the UIMessage. */
function Sent({ message }: { message: UIMessage }) {
  const { text, context } = fromUIMessage(message);
  return (
    <div className="sent">
      <T3UserMessage text={text} context={context} />
    </div>
  );
}

function Reply({ message }: { message: UIMessage }) {
  const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return <p className="reply">{text}</p>;
}
