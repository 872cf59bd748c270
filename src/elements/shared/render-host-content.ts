import { isTemplateResult } from 'lit/directive-helpers.js';

/**
 * Runs a host renderer and keeps only what is safe to put in a template: a Lit template, a DOM
 * node, or text (a string is shown as text, never parsed as HTML). A throwing renderer yields
 * `null`, so the caller falls back to its default, and logs one error per failed render.
 */
export function renderHostContent(render: () => unknown, name: string): unknown {
  let result: unknown;
  try {
    result = render();
  } catch (error) {
    console.error(`[t3-composer] ${name} failed; showing the default instead.`, error);
    return null;
  }
  if (result == null) return null;
  if (isTemplateResult(result) || result instanceof Node) return result;
  if (typeof result === 'string' || typeof result === 'number') return String(result);
  console.error(`[t3-composer] ${name} returned an unsupported value; showing the default instead.`);
  return null;
}
