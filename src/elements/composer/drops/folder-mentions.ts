import { CONTEXT_LABEL_MAX_CHARS, type MentionContextRecord, toKindScopedContextId } from '../../../core/index.js';

/**
 * A dropped folder as a `mention`. A browser tells a page a dropped folder's name, not where it
 * lives, so its path is the name with the trailing `/` of a folder (`src/`): relative, as a
 * mention of the project's own folder is. A host that knows the full path (a desktop shell) gives
 * its own record through `dropResolver`. The same folder dropped twice is the same record.
 */
export function folderMention(name: string): MentionContextRecord {
  const path = `${name.replace(/\/+$/, '')}/`;
  return {
    version: 1,
    contextId: toKindScopedContextId('mention', path),
    label: path.slice(0, CONTEXT_LABEL_MAX_CHARS),
    kind: 'mention',
    path,
  };
}
