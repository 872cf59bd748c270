import { describe, expect, it } from 'vitest';
import { INPUT_ANNOTATIONS_MAX, sanitizeInputAnnotations } from '../../src/core/annotations.js';
import { CONTENT, MAKEFILE, README, reference } from './annotation-fixtures.js';

describe('sanitizeInputAnnotations: wrong field types and limits', () => {
  it('drops the whole annotation when a reference field has the wrong type (Qwen #12404 round 2: numeric label)', () => {
    const valid = reference(MAKEFILE);
    const withReference = (payload: Record<string, unknown>) => ({
      ...valid,
      reference: { ...(valid.reference as object), ...payload },
    });
    const badPayloads: Record<string, unknown>[] = [
      { label: 42 },
      { value: {} },
      { serialized: 1 },
      { kind: null },
      { kind: ['file'] },
      { label: null },
      { removable: 'false' },
      { removable: 0 },
      { id: 5 },
      { id: '' },
      { id: undefined },
    ];
    for (const payload of badPayloads) {
      expect(sanitizeInputAnnotations(CONTENT, [withReference(payload)])).toEqual([]);
    }
    for (const bad of [undefined, null, 'file:x', ['x'], 1]) {
      expect(sanitizeInputAnnotations(CONTENT, [{ ...valid, reference: bad }])).toEqual([]);
    }
    expect(
      sanitizeInputAnnotations(CONTENT, [withReference({ label: 'File', removable: true, metadata: null })]),
    ).toHaveLength(1);
  });

  it('drops the whole annotation when a command field has the wrong type', () => {
    const valid = { type: 'command', start: 0, end: 5, text: '/plan', command: { name: 'plan' } };
    const content = '/plan x';
    expect(sanitizeInputAnnotations(content, [valid])).toEqual([valid]);
    const badCommands: unknown[] = [
      undefined,
      null,
      'plan',
      { name: '' },
      { name: 1 },
      { name: 'plan', description: 1 },
      { name: 'plan', argumentHint: null },
      { name: 'plan', subcommands: 'on' },
      { name: 'plan', subcommands: ['on', 1] },
      { name: 'plan', subcommands: Array.from({ length: 257 }, () => 'x') },
      { name: 'plan', source: {} },
      { name: 'plan', displayCategory: 'builtin' },
    ];
    for (const command of badCommands) {
      expect(sanitizeInputAnnotations(content, [{ ...valid, command }])).toEqual([]);
    }
    for (const subcommandPath of ['on', [1], null, {}]) {
      expect(sanitizeInputAnnotations(content, [{ ...valid, subcommandPath }])).toEqual([]);
    }
  });

  it('keeps metadata whose JSON is exactly 4,096 chars and drops larger or unserialisable metadata', () => {
    const withMetadata = (metadata: unknown) => ({ ...reference(MAKEFILE), reference: { id: 'x', metadata } });
    const atLimit = { note: 'x'.repeat(4_096 - '{"note":""}'.length) };
    expect(JSON.stringify(atLimit)).toHaveLength(4_096);
    expect(sanitizeInputAnnotations(CONTENT, [withMetadata(atLimit)])).toHaveLength(1);
    const overLimit = { note: 'x'.repeat(4_097 - '{"note":""}'.length) };
    expect(sanitizeInputAnnotations(CONTENT, [withMetadata(overLimit)])).toEqual([]);

    const circular: Record<string, unknown> = {};
    circular.self = circular;
    for (const bad of [
      circular,
      1n,
      () => 1,
      Symbol('s'),
      {
        toJSON: () => {
          throw new Error('boom');
        },
      },
    ]) {
      expect(sanitizeInputAnnotations(CONTENT, [withMetadata(bad)])).toEqual([]);
    }
  });

  it('keeps exactly 256 annotations: the 257th valid one is dropped', () => {
    const content = 'x'.repeat(300);
    const at = (start: number) => ({
      type: 'reference',
      start,
      end: start + 1,
      text: 'x',
      reference: { id: `r${start}` },
    });
    const exactly = Array.from({ length: 256 }, (_, i) => at(i));
    expect(sanitizeInputAnnotations(content, exactly)).toHaveLength(256);
    const kept = sanitizeInputAnnotations(content, [...exactly, at(256)]);
    expect(INPUT_ANNOTATIONS_MAX).toBe(256);
    expect(kept).toHaveLength(256);
    expect(kept.map((a) => a.start)).not.toContain(256);
    // invalid entries do not count towards the limit: the first 256 valid ones are kept
    const withInvalid = [null, { type: 'x' }, at(299), ...Array.from({ length: 256 }, (_, i) => at(i))];
    const keptWithInvalid = sanitizeInputAnnotations(content, withInvalid);
    expect(keptWithInvalid).toHaveLength(256);
    expect(keptWithInvalid.map((a) => a.start)).toContain(299);
    expect(keptWithInvalid.map((a) => a.start)).not.toContain(255);
  });
});

describe('sanitizeInputAnnotations: hostile input', () => {
  it('survives getters that throw and hostile proxies', () => {
    const valid = reference(MAKEFILE);
    const throwingGetter = Object.defineProperty({ ...reference(README) }, 'start', {
      get() {
        throw new Error('boom');
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, [throwingGetter, valid])).toEqual([valid]);

    const hostileEntry = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(sanitizeInputAnnotations(CONTENT, [hostileEntry, valid])).toEqual([valid]);

    const hostileArray = new Proxy([valid], {
      get(target, key) {
        if (key === 'length') throw new Error('boom');
        return Reflect.get(target, key);
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, hostileArray)).toEqual([]);

    const throwingIndex = new Proxy([valid, valid], {
      get(target, key) {
        if (key === '0') throw new Error('boom');
        return Reflect.get(target, key);
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, throwingIndex)).toEqual([valid]);

    const { proxy, revoke } = Proxy.revocable([valid], {});
    revoke();
    expect(sanitizeInputAnnotations(CONTENT, proxy)).toEqual([]);

    const hostileReference = {
      ...valid,
      reference: new Proxy(
        {},
        {
          get: () => {
            throw new Error('boom');
          },
        },
      ),
    };
    expect(sanitizeInputAnnotations(CONTENT, [hostileReference])).toEqual([]);
  });

  it('does not stall on an array that reports an enormous length: it reads a bounded number of entries', () => {
    let reads = 0;
    const huge = new Proxy([reference(MAKEFILE)], {
      get(target, key) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return key === 'length' ? Number.MAX_SAFE_INTEGER : Reflect.get(target, key);
      },
    });
    expect(sanitizeInputAnnotations(CONTENT, huge)).toEqual([reference(MAKEFILE)]);
    expect(reads).toBeLessThanOrEqual(100_000);
    expect(sanitizeInputAnnotations(CONTENT, new Array(2 ** 20))).toEqual([]);
  });

  it('reads each field once, so a getter cannot validate one value and deliver another', () => {
    let reads = 0;
    const shifty = {
      type: 'reference',
      get start() {
        reads += 1;
        return reads === 1 ? MAKEFILE.start : 0;
      },
      end: MAKEFILE.end,
      text: CONTENT.slice(MAKEFILE.start, MAKEFILE.end),
      reference: { id: 'x' },
    };
    const [kept] = sanitizeInputAnnotations(CONTENT, [shifty]);
    expect(kept!.start).toBe(MAKEFILE.start);
    expect(CONTENT.slice(kept!.start, kept!.end)).toBe(kept!.text);
  });
});
