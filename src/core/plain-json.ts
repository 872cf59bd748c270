/**
 * Plain data (what `JSON.parse` gives: strings, numbers, booleans, null, arrays and plain
 * objects) checked against a JSON length limit and copied by walking it, instead of serialising
 * it: no long string is built and no text is scanned or copied (strings are shared). The walk
 * sums an upper bound of the JSON length; only data past that bound, or anything that is not
 * plain (a `toJSON`, a class instance, a bigint, an `undefined` member, a cycle), is left to the
 * caller's `JSON.stringify`.
 */

/** JSON writes a code unit as at most 6 chars (`\u001f`, a lone surrogate). */
const UNIT_MAX_CHARS = 6;
/** The longest JSON form of a number (`-1.2345678901234567e-308`). */
const NUMBER_MAX_CHARS = 24;

const NOT_PLAIN = new Error('not plain JSON data, or maybe longer than the limit');

/**
 * When `value` is plain data whose JSON text surely fits `limit` chars: `{copy}`, equal to
 * `JSON.parse(JSON.stringify(value))` (or `undefined` when `copying` is false). Otherwise
 * `undefined`, and the caller measures with `JSON.stringify`. One walk reads each member once,
 * so a getter cannot make the check and the copy disagree.
 */
export function plainJsonWithin(value: unknown, limit: number, copying: boolean): { copy: unknown } | undefined {
  let budget = limit;
  const spend = (chars: number): void => {
    if ((budget -= chars) < 0) throw NOT_PLAIN;
  };
  const ancestors = new Set<object>();
  const walk = (item: unknown): unknown => {
    switch (typeof item) {
      case 'string':
        spend(2 + UNIT_MAX_CHARS * item.length);
        return item;
      case 'number':
        spend(NUMBER_MAX_CHARS);
        return Number.isFinite(item) ? item + 0 : null; // `+ 0` turns -0 into 0, as JSON does
      case 'boolean':
        spend(5);
        return item;
      case 'object':
        if (item === null) {
          spend(4);
          return null;
        }
        if (ancestors.has(item)) throw NOT_PLAIN;
        ancestors.add(item);
        try {
          return Array.isArray(item) ? walkArray(item) : walkObject(item);
        } finally {
          ancestors.delete(item);
        }
      default:
        throw NOT_PLAIN;
    }
  };
  const walkArray = (array: readonly unknown[]): unknown[] | undefined => {
    if (Object.getPrototypeOf(array) !== Array.prototype) throw NOT_PLAIN;
    spend(2);
    const copy: unknown[] | undefined = copying ? [] : undefined;
    for (let index = 0; index < array.length; index++) {
      if (!(index in array)) throw NOT_PLAIN; // a hole, which JSON writes as `null`
      spend(1);
      const element = walk(array[index]);
      copy?.push(element);
    }
    return copy;
  };
  const walkObject = (object: object): Record<string, unknown> | undefined => {
    const prototype = Object.getPrototypeOf(object);
    if ((prototype !== Object.prototype && prototype !== null) || 'toJSON' in object) throw NOT_PLAIN;
    spend(2);
    const entries: [string, unknown][] | undefined = copying ? [] : undefined;
    for (const key of Object.keys(object)) {
      spend(4 + UNIT_MAX_CHARS * key.length);
      const member = walk((object as Record<string, unknown>)[key]);
      entries?.push([key, member]);
    }
    // fromEntries defines each key, "__proto__" included, as an own data property, as JSON.parse does.
    return entries && Object.fromEntries(entries);
  };
  try {
    return { copy: walk(value) };
  } catch {
    // Not plain, maybe too long, too deep, or a getter threw: JSON.stringify will tell.
    return undefined;
  }
}
