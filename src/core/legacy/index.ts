/**
 * `t3-composer/core/legacy`: messages written before inline context references. The upgrade
 * (`upgradeLegacyMessage`), the record resolution that upgrades a message stored without a
 * context (`resolveMessageContext`), and the reverse for servers that predate references
 * (`serializeLegacyMessage`). DOM-free, no dependencies; it shares the core's modules.
 */
export * from './upgrade.js';
export * from './serialize.js';
export * from '../resolve.js';
