import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isContextId } from '../../src/core/grammar.js';
import { toContextId, toKindScopedContextId } from '../../src/core/ids.js';

describe('toContextId', () => {
  it.each([
    ['file-comment-1700-1', 'file-comment-1700-1'],
    ['-a-', '-a-'],
    ['pull-request-selection:src/a.ts:4-9', 'pull-request-selection-src-a-ts-4-9-454c1524c594e5bf'],
    ['pull-request-selection:src/b.ts:4-9', 'pull-request-selection-src-b-ts-4-9-b4c51b27a7b228a8'],
    ['::', 'ctx-980630f591da3738'],
    ['', 'ctx-811c9dc59dc5811c'],
    ['pull-request-finding:42', 'pull-request-finding-42-bc35b97a14ae7309'],
    ['review-comment_pull-request-finding:42', 'review-comment_pull-request-finding-42-7eb450f387ef4efe'],
    ['Hello World!', 'Hello-World-b1ea48722c395945'],
    ['café', 'caf-3308be7c16b2f0e7'],
    ['a/b', 'a-b-3a8e75c14edf23ca'],
    ['x'.repeat(129), `${'x'.repeat(48)}-4ee8de87d3ffa86c`],
    [`pull-request-finding:${'a'.repeat(60)}:1`, `pull-request-finding-${'a'.repeat(27)}-59e1dd61c391941a`],
    [`pull-request-finding:${'a'.repeat(60)}:2`, `pull-request-finding-${'a'.repeat(27)}-56e1d8a8d799d943`],
  ])('folds %j into %j', (input, expected) => {
    expect(toContextId(input)).toBe(expected);
  });

  it('always yields a valid id of at most 65 chars for folded input, and is deterministic', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (producerId) => {
        const id = toContextId(producerId);
        expect(isContextId(id)).toBe(true);
        expect(toContextId(producerId)).toBe(id);
        if (!isContextId(producerId)) expect(id.length).toBeLessThanOrEqual(65);
      }),
    );
  });
});

describe('toKindScopedContextId', () => {
  it('always scopes, even when the id already carries the kind', () => {
    expect(toKindScopedContextId('image', 'x')).toBe('image_x');
    expect(toKindScopedContextId('image', 'image_x')).toBe('image_image_x');
    expect(toKindScopedContextId('terminal', 'legacy_terminal_1')).toBe('terminal_legacy_terminal_1');
  });

  it('folds scoped ids that leave the grammar', () => {
    expect(toKindScopedContextId('review-comment', 'pull-request-finding:42')).toBe(
      'review-comment_pull-request-finding-42-7eb450f387ef4efe',
    );
  });
});
