import type { CommandInfo, ContextRecord } from '../../src/core/index.js';
import type { MentionItem, MentionProvider } from '../../src/composer.js';
import { escapeMention } from '../../src/core/index.js';
import { searchProjectFiles } from './host-api.js';

/** The host's own kind, with its own icon (a file of the page's origin, as a strict image policy allows). */
export const DATASET_ICON = 'icons/dataset.svg';

export const ICONS = { dataset: DATASET_ICON };

/** Project files: the repository's own file list, from the host. Each pick is a `mention` chip. */
const projectFiles: MentionProvider = {
  id: 'files',
  label: 'Files',
  order: 1,
  async search(query, { signal }) {
    const files = await searchProjectFiles(query, signal);
    // The name leads and the folder follows, so files of the same name stay apart when cut short.
    return files.map((path): MentionItem => {
      const slash = path.lastIndexOf('/');
      return {
        id: path,
        label: path.slice(slash + 1),
        ...(slash > 0 ? { description: path.slice(0, slash) } : {}),
        record: mentionRecord(path),
      };
    });
  },
};

function mentionRecord(path: string): ContextRecord {
  const id = `mention_${path.replace(/[^a-z0-9_-]+/gi, '-')}`.slice(0, 120);
  return { version: 1, kind: 'mention', contextId: id, label: `@${path}`, path };
}

const MCP_RESOURCES = [
  { server: 'docs', uri: 'res://guide/getting-started', title: 'Getting started' },
  { server: 'docs', uri: 'res://doc?version=1&tag=a+b', title: 'API reference v1' },
  { server: 'tickets', uri: 'jira://PROJ-42', title: 'PROJ-42: Checkout is slow' },
];

/** MCP-like resources: host-kind chips whose serialized form is the escaped `@server:uri`. */
const mcpResources: MentionProvider = {
  id: 'mcp',
  label: 'MCP resources',
  order: 2,
  search(query) {
    const needle = query.toLowerCase();
    return MCP_RESOURCES.filter((resource) =>
      `${resource.server} ${resource.uri} ${resource.title}`.toLowerCase().includes(needle),
    ).map((resource): MentionItem => ({
      id: `${resource.server}:${resource.uri}`,
      label: resource.title,
      description: `${resource.server}:${resource.uri}`,
      tag: {
        kind: 'mcp',
        label: resource.server,
        value: resource.title,
        serialized: `@${escapeMention(`${resource.server}:${resource.uri}`)}`,
      },
    }));
  },
};

const DATASETS = ['users', 'orders', 'events', 'invoices'];

/** A custom host kind: `@dataset:users`. */
const datasets: MentionProvider = {
  id: 'datasets',
  label: 'Datasets',
  order: 3,
  search(query) {
    return DATASETS.filter((name) => name.includes(query.toLowerCase())).map((name): MentionItem => ({
      id: name,
      label: name,
      icon: DATASET_ICON,
      tag: { kind: 'dataset', label: 'Dataset', value: name, serialized: `@dataset:${name}` },
    }));
  },
};

export const PROVIDERS: MentionProvider[] = [projectFiles, mcpResources, datasets];

export const COMMANDS: CommandInfo[] = [
  {
    name: 'review',
    description: 'Review the referenced code',
    source: 'skill',
    arguments: [
      { name: 'target', description: 'A file, folder or branch', required: true },
      {
        name: 'focus',
        description: 'What to look at first',
        options: ['security', 'performance', 'readability', 'tests'],
      },
    ],
  },
  { name: 'compare', description: 'Compare two branches', argumentHint: '<base> [head]', displayCategory: 'custom' },
  { name: 'explain', description: 'Explain the context', displayCategory: 'custom' },
  { name: 'theme', description: 'Switch the colour theme', subcommands: ['light', 'dark'], source: 'builtin-command' },
  { name: 'help', description: 'Show what the assistant can do', source: 'builtin-command' },
];
