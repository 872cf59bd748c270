import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Folders that are not the project's own files. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-demo', 'reports', 'tmp']);
const MAX_FILES = 5_000;
export const MAX_FILE_RESULTS = 50;

/**
 * The project's own file list (what a file mention provider offers), relative to `root`, with
 * `/` separators: every file outside hidden and generated folders, read once.
 */
export function listProjectFiles(root: string): string[] {
  const files: string[] = [];
  const pending = [''];
  while (pending.length > 0 && files.length < MAX_FILES) {
    const relative = pending.shift()!;
    let entries;
    try {
      entries = readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) pending.push(child);
      else if (entry.isFile()) files.push(child);
    }
  }
  return files;
}

/** Paths containing the query (case-insensitive), those whose file name starts with it first. */
export function searchFiles(files: readonly string[], query: string): string[] {
  const needle = query.toLowerCase();
  const matches = files.filter((file) => file.toLowerCase().includes(needle));
  const baseStarts = (file: string) =>
    file
      .slice(file.lastIndexOf('/') + 1)
      .toLowerCase()
      .startsWith(needle)
      ? 0
      : 1;
  return matches
    .map((file, index) => ({ file, index }))
    .sort((a, b) => baseStarts(a.file) - baseStarts(b.file) || a.index - b.index)
    .slice(0, MAX_FILE_RESULTS)
    .map(({ file }) => file);
}
