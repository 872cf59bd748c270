import type { ContextRecord } from '../../core/index.js';
import type { DetailsLevel, ExpandedLevel } from '../../kinds/chip-kind.js';
import { chipKindOf } from '../../kinds/chips.js';
import { warnOnce } from './warnings.js';

export type { DetailsLevel, ExpandedLevel };

/** What a host may return from a renderer: a Lit template, a DOM node, or plain text. */
export type RenderResult = unknown;

export interface ContextPresentation {
  details?: DetailsLevel;
  expanded?: ExpandedLevel;
  /** Returning false shows the chip as unresolved. */
  canRender?: (record: ContextRecord) => boolean;
  renderDetails?: (record: ContextRecord) => RenderResult;
  renderCompact?: (record: ContextRecord) => RenderResult;
}

export type PresentationMap = Readonly<Record<string, ContextPresentation>>;

export interface ResolvedPresentation extends ContextPresentation {
  details: DetailsLevel;
  expanded: ExpandedLevel;
}

const DETAILS_LEVELS: readonly string[] = ['none', 'tooltip', 'popover'];
const EXPANDED_LEVELS: readonly string[] = ['none', 'inline-block', 'modal'];
const FUNCTION_FIELDS = ['canRender', 'renderDetails', 'renderCompact'] as const;

/** Keeps the valid entries of a host's presentation map; each invalid one is ignored with a warning. */
export function sanitizePresentations(value: unknown): PresentationMap {
  if (value == null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    warnOnce('presentations must be an object keyed by kind; ignored.');
    return {};
  }
  const valid: Record<string, ContextPresentation> = {};
  for (const [kind, entry] of Object.entries(value)) {
    const problem = presentationProblem(entry);
    if (problem) warnOnce(`presentation for "${kind}" ignored: ${problem}.`);
    else valid[kind] = entry as ContextPresentation;
  }
  return valid;
}

function presentationProblem(entry: unknown): string | null {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return 'expected an object';
  const candidate = entry as Record<string, unknown>;
  if (candidate.details !== undefined && !DETAILS_LEVELS.includes(candidate.details as string)) {
    return `details must be one of ${DETAILS_LEVELS.join(', ')}`;
  }
  if (candidate.expanded !== undefined && !EXPANDED_LEVELS.includes(candidate.expanded as string)) {
    return `expanded must be one of ${EXPANDED_LEVELS.join(', ')}`;
  }
  const notFunction = FUNCTION_FIELDS.find(
    (name) => candidate[name] !== undefined && typeof candidate[name] !== 'function',
  );
  return notFunction ? `${notFunction} must be a function` : null;
}

/**
 * The presentation of a kind: its chip's (`src/kinds/<kind>/chip.ts`), overlaid by the host's entry
 * for that kind. A host kind without an entry has no details; with a `renderDetails` it defaults to
 * a popover.
 */
export function resolvePresentation(
  kind: string,
  hostPresentations: PresentationMap | undefined,
): ResolvedPresentation {
  const chip = chipKindOf(kind);
  const builtIn = chip && { details: chip.details, expanded: chip.expanded };
  const host = hostPresentations && Object.hasOwn(hostPresentations, kind) ? hostPresentations[kind] : undefined;
  const details = host?.details ?? builtIn?.details ?? (host?.renderDetails ? 'popover' : 'none');
  return { ...builtIn, ...host, details, expanded: host?.expanded ?? builtIn?.expanded ?? 'none' };
}
