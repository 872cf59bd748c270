import { expect } from 'vitest';
import { upgradeLegacyMessage } from '../../src/core/legacy/upgrade.js';

/** Legacy blocks as older clients wrote them, and the checks every upgrade test makes. */
export const link = (kind: string, n: number, label: string) =>
  `[${label}](t3-context://v1/${kind}/legacy_${kind}_${n})`;

export const terminalBlock = (...entries: string[]) =>
  `<terminal_context>\n${entries.join('\n\n')}\n</terminal_context>`;
export const elementBlock = (...entries: string[]) => `<element_context>\n${entries.join('\n')}\n</element_context>`;
export const previewBlock = (...lines: string[]) => `<preview_annotation>\n${lines.join('\n')}\n</preview_annotation>`;
export const review = (attributes: string, body: string) =>
  `<review_comment ${attributes}>\n${body}\n</review_comment>`;
export const REVIEW_ATTRIBUTES =
  'sectionId="s1" sectionTitle="Changes" filePath="src/a.ts" startIndex="4" endIndex="2" rangeLabel="L2-4"';

/** Upgrading must be a fixed point on its own output. */
export function expectIdempotent(text: string) {
  const once = upgradeLegacyMessage(text);
  expect(upgradeLegacyMessage(once.text)).toEqual({ text: once.text, records: [] });
  return once;
}

export function expectUnchanged(text: string) {
  expect(upgradeLegacyMessage(text)).toEqual({ text, records: [] });
}
