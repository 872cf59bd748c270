export * from './types.js';
export * from './grammar.js';
export * from './references.js';
export * from './ids.js';
export * from './projection.js';
