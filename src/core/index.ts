export * from './types.js';
export * from './grammar.js';
