/**
 * The whole core, the legacy upgrade included: what the package's own modules import and what
 * `t3-composer` re-exports. The public entries split it in two: `t3-composer/core`
 * (./entry.ts) and `t3-composer/core/legacy` (./legacy/index.ts).
 */
export * from './entry.js';
export * from './legacy/index.js';
