import { SHORT_STRING_MAX_CHARS, type KindDefinition } from '../../core/kinds/kind.js';

/** A file or folder of the project, by path (a folder's path ends in `/`). */
export const mentionKind: KindDefinition<'mention'> = {
  fields: ({ trimmed }) => ({ path: trimmed(SHORT_STRING_MAX_CHARS) }),
  providerBody: (record) => `path: ${record.path}`,
};
