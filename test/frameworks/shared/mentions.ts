import type { MentionProvider } from 't3-composer';

/** The one mention every fixture offers: type `@`, pick it with Enter. */
export const files: MentionProvider = {
  id: 'files',
  label: 'Files',
  search: (query) =>
    'readme.md'.includes(query.toLowerCase())
      ? [
          {
            id: 'readme',
            label: 'README.md',
            record: {
              version: 1,
              kind: 'mention',
              contextId: 'mention_readme',
              label: '@README.md',
              path: 'README.md',
            },
          },
        ]
      : [],
};

export const providers: readonly MentionProvider[] = [files];
