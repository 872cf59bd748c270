/**
 * axe-core in the element tests. The package is a UMD script: imported for its side effect it
 * sets `window.axe`. axe walks open shadow roots itself, so a whole element tree is checked from
 * its host (or from the document).
 */
import 'axe-core/axe.js';
import type { AxeResults, ElementContext, Result, RunOptions } from 'axe-core';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';

/** What every state is checked in: light and dark, at a desktop and a phone width. */
export const LOOKS = [800, 390].flatMap((width) => (['light', 'dark'] as const).map((scheme) => ({ width, scheme })));

export async function showLook({ width, scheme }: (typeof LOOKS)[number]): Promise<void> {
  await setViewport({ width, height: 640 });
  await executeServerCommand('emulate-media-features', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
  if (!matchMedia(`(prefers-color-scheme: ${scheme})`).matches) throw new Error(`${scheme} scheme not emulated`);
}

export async function resetLook(): Promise<void> {
  await setViewport({ width: 800, height: 600 });
  await executeServerCommand('emulate-media-features', { features: [] });
}

interface AxeApi {
  run(context: ElementContext, options: RunOptions): Promise<AxeResults>;
}

function axe(): AxeApi {
  return (window as unknown as { axe: AxeApi }).axe;
}

/** One line per failing node: the rule, its impact, where (through shadow roots) and what is wrong. */
export function describeViolations(violations: readonly Result[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const target = node.target.map((selector) => JSON.stringify(selector)).join(' ');
        const summary = (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').trim();
        return `${violation.id} (${violation.impact ?? 'no impact'}) at ${target}: ${summary}`;
      }),
    )
    .join('\n');
}

/**
 * The violations axe finds, of any impact, in `root` (the document by default). Best practices
 * are checked too; `region` is left out when checking a fragment, as a fixture holds no landmarks.
 */
export async function axeViolations(root: Element | Document = document): Promise<Result[]> {
  const results = await axe().run(root === document ? document : (root as Element), {
    resultTypes: ['violations'],
    rules: { region: { enabled: false } },
  });
  return results.violations;
}

/** Fails with a readable list when axe finds anything in `root`. */
export async function expectNoAxeViolations(root: Element | Document = document, state = ''): Promise<void> {
  const violations = await axeViolations(root);
  if (violations.length > 0) {
    throw new Error(
      `axe found ${violations.length} violation(s)${state ? ` (${state})` : ''}:\n${describeViolations(violations)}`,
    );
  }
}
