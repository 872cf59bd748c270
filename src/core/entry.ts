/**
 * `t3-composer/core`: the wire contract and its codecs (records, references, ids, the provider
 * projection, input annotations, submission, the clipboard fragment). DOM-free, no dependencies.
 * The legacy upgrade is not here: hosts that read messages written before inline references
 * import it from `t3-composer/core/legacy`, so those that never do carry none of it.
 */
export * from './types.js';
export * from './grammar.js';
export * from './records.js';
export * from './clipboard.js';
export * from './references.js';
export * from './text-walk.js';
export * from './ids.js';
export * from './projection.js';
export * from './citations.js';
export * from './annotations.js';
export * from './command-arguments.js';
export * from './mentions.js';
export * from './prompt.js';
export * from './submission.js';
