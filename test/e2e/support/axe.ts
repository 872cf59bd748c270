import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core over the whole page (shadow roots included) and describes every violation of any
 * impact, one line per node, so a failing test names the rule and the element. axe is evaluated
 * through the DevTools protocol, which the page's Content Security Policy does not govern; the
 * page itself stays under its policy.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return results.violations;
  });
  return (violations as AxeViolation[]).flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} at ${JSON.stringify(node.target)}` +
        (node.failureSummary ? ` — ${node.failureSummary.replace(/\s+/g, ' ')}` : ''),
    ),
  );
}
