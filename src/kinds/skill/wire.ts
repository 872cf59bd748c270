import { NAME_MAX_CHARS, type KindDefinition } from '../../core/kinds/kind.js';

/** A skill, by name. */
export const skillKind: KindDefinition<'skill'> = {
  fields: ({ trimmed }) => ({ name: trimmed(NAME_MAX_CHARS) }),
  providerBody: (record) => `name: ${record.name}`,
};
