'use client';

import { useState } from 'react';
import type { MentionProvider, MessageContext } from 't3-composer';
import { T3UserMessage } from 't3-composer/react-message';
import { T3Composer } from 't3-composer/react-composer';

const FILES = ['README.md', 'src/index.ts'];

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

/** The composer, live in the browser only (the server draws its inert shell); what it sends shows below the thread. */
export function Composer() {
  const [sent, setSent] = useState<{ text: string; context?: MessageContext }[]>([]);
  return (
    <>
      <section id="sent" aria-label="Sent">
        {sent.map((message, index) => (
          <T3UserMessage key={index} text={message.text} context={message.context} />
        ))}
      </section>
      <T3Composer
        label="Message"
        placeholder="Ask anything, @ to mention a file"
        providers={providers}
        onSubmit={(event) =>
          setSent((before) => [...before, { text: event.detail.text, context: event.detail.context }])
        }
      />
    </>
  );
}
