import fc from 'fast-check';

/**
 * Values a careless or hostile client sends: text PostgreSQL cannot store, numbers beyond every column,
 * prototype keys, markup and injection attempts, and a little of everything JSON can hold.
 */

/** Text a database, a JSON column, a log line or an HTML page may choke on. */
export const NASTY_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'tail \uDFFF',
  'x\uD83D',
  '\uFEFFbom',
  '\u202Eright-to-left',
  'Gulyás 🍲 中文 👨‍👩‍👧',
  '𝕏'.repeat(300),
  "' or 1=1 --",
  '"; drop table orders; --',
  '<script>alert(1)</script>',
  '{{7*7}} #{7*7} <%= 7*7 %>',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '\\u0000',
  'null',
  'undefined',
  'NaN',
  '__proto__',
  'constructor',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(10_000),
] as const;

/** Numbers beyond 32-bit columns, JavaScript's safe integers and doubles, and the ones between. */
export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53 + 2,
  2 ** 63,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e-300,
] as const;

/** Keys that reach for an object's prototype when copied carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * A number literal JSON can spell but JavaScript cannot hold exactly (`1e400` parses to Infinity): kept as
 * text and written into the body as it is (see `toJsonText`).
 */
export class RawJson {
  constructor(readonly text: string) {}
}

const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890', '-0.0', '1E2', '0.1e1'];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 490, maxLength: 700 }) },
);

export const hostileNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)) },
);

export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
);

/** An object with a key that looks like the prototype, as an own property (JSON.stringify writes it). */
export function withOwnKey(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const copy = { ...target };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/** Any JSON value, built from hostile scalars, with prototype keys among the object keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc
      .tuple(
        fc.dictionary(fc.oneof(hostileString, fc.constantFrom('a', 'items', 'note')), tie('value'), {
          maxKeys: 3,
        }),
        fc.option(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS), tie('value'))),
      )
      .map(([object, prototypeKey]) =>
        prototypeKey ? withOwnKey(object, prototypeKey[0], prototypeKey[1]) : object,
      ),
  ),
})).value;

/** JSON text of a value, with `RawJson` literals written as they are. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raws.push(item.text);
    return `\u0001raw${raws.length - 1}\u0001`;
  });
  return (text ?? 'null').replace(
    /"\\u0001raw(\d+)\\u0001"/g,
    (_, index: string) => raws[Number(index)] ?? '0',
  );
}

/**
 * Percent-encodes text for a URL the way a naive client does: UTF-8, except that a lone surrogate is
 * written as the three bytes of its code unit (CESU-8), which is not valid UTF-8.
 */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      encoded += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}
