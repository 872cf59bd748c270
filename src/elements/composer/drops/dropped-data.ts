import {
  CONTEXT_CLIPBOARD_MIME,
  type ContextClipboardFragment,
  decodeClipboardFragment,
  decodeClipboardHtml,
} from '../../../core/index.js';

/**
 * What a drop carried, read while the drop event lasts: a `DataTransfer` reads as empty once it is
 * over, and a host's resolver may answer later, after which the default handling still needs it.
 */
export interface DroppedData {
  /** Dropped files, folders apart. */
  readonly files: readonly File[];
  /** The names of dropped folders (an OS drop tells no more of where they are). */
  readonly folders: readonly string[];
  /** Chips dragged from a composer or a sent message, with their records. */
  readonly fragment: ContextClipboardFragment | null;
  readonly text: string;
}

export function readDroppedData(data: DataTransfer): DroppedData {
  const files: File[] = [];
  const folders: string[] = [];
  const items = [...data.items].filter((item) => item.kind === 'file');
  for (const item of items) {
    const entry = typeof item.webkitGetAsEntry === 'function' ? item.webkitGetAsEntry() : null;
    if (entry?.isDirectory) {
      folders.push(entry.name);
      continue;
    }
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  // Without items (an older DataTransfer), every file is taken for one.
  if (items.length === 0) files.push(...data.files);
  const fragment =
    decodeClipboardFragment(data.getData(CONTEXT_CLIPBOARD_MIME)) ?? decodeClipboardHtml(data.getData('text/html'));
  return { files, folders, fragment, text: data.getData('text/plain') };
}
