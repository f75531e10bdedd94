import fc from 'fast-check';
import { hostileString, hostileValue, PROTOTYPE_KEYS, toJsonText, withOwnKey } from './hostile-values.ts';

/**
 * The body dimension: how a valid body is changed — mutated at any of its places, broken as JSON, nested
 * deep, replaced, or made too big. Variations are plain data, applied to the valid body of the world the run
 * happens in (`renderBody`), so that a world rebuilt between runs is aimed at all the same.
 */
export interface FuzzedBody {
  payload: string | Buffer;
  contentType: string;
  /** Longer than the server's body limit: the answer must be 413. */
  oversize: boolean;
  /** How the body was made, for the failure message. */
  label: string;
}

type JsonPath = (string | number)[];

/** Every place in a JSON value (the root first), to mutate one of them. */
function pathsOf(value: unknown, path: JsonPath = []): JsonPath[] {
  const paths: JsonPath[] = [path];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) paths.push(...pathsOf(item, [...path, index]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...path, key]));
  }
  return paths;
}

type Mutation =
  | { kind: 'replace'; value: unknown }
  | { kind: 'delete' }
  | { kind: 'add-key'; key: string; value: unknown }
  | { kind: 'wrap-in-array' };

/** The value with the part at `path` changed; the original is not touched. */
function mutateAt(value: unknown, path: JsonPath, mutation: Mutation): unknown {
  if (path.length === 0) {
    switch (mutation.kind) {
      case 'replace':
        return mutation.value;
      case 'delete':
        return undefined;
      case 'wrap-in-array':
        return [value];
      case 'add-key':
        return value !== null && typeof value === 'object' && !Array.isArray(value)
          ? withOwnKey(value as Record<string, unknown>, mutation.key, mutation.value)
          : mutation.value;
    }
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    const changed = mutateAt(copy[head as number], rest, mutation);
    if (changed === undefined) copy.splice(head as number, 1);
    else copy[head as number] = changed;
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const changed = mutateAt(copy[head as string], rest, mutation);
  if (changed === undefined) delete copy[head as string];
  else copy[head as string] = changed;
  return copy;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: hostileValue.map((value) => ({ kind: 'replace' as const, value })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'delete' as const }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileString), hostileValue)
      .map(([key, value]) => ({ kind: 'add-key' as const, key, value })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'wrap-in-array' as const }) },
);

/**
 * How the body dimension changes a valid body. Plain data, applied to the valid body of the world the run
 * happens in (`renderBody`), so that a world rebuilt between runs is aimed at all the same.
 */
export type BodyVariation =
  | { kind: 'mutate'; steps: [JsonPath, Mutation][] }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; junk: string }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; before: string; bytes: readonly number[]; after: string }
  | { kind: 'value'; value: unknown }
  | { kind: 'oversize'; size: number };

const JUNK = [',', '}', ']', '"', "'", '\\', '/*', 'garbage'] as const;

const BROKEN_TEXTS = [
  "{'single': 'quotes'}",
  '{"a":1,}',
  '[1,2,]',
  'NaN',
  'Infinity',
  '{"a":1} trailing',
  '{"a":"\\x00"}',
  '{"a":"unterminated',
  '{"a":1 /* comment */}',
  '\uFEFF{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '{"\\u0000":"key with NUL"}',
  '"\\ud800"',
  '{}',
  '[]',
  'null',
  '0',
  '""',
] as const;

const ONE_MEBIBYTE = 1024 * 1024;

export function bodyArbitrary(base: unknown, limit: number): fc.Arbitrary<BodyVariation> {
  const places = pathsOf(base);
  const fraction = fc.double({ min: 0, max: 1, noNaN: true });
  const nesting = fc
    .tuple(fc.integer({ min: 1_000, max: 30_000 }), fc.constantFrom('[', '{"a":'))
    .map(([depth, open]) => open.repeat(depth) + (open === '[' ? ']' : '}').repeat(depth));
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom(...places), mutation), { minLength: 1, maxLength: 3 })
        .map((steps) => ({ kind: 'mutate' as const, steps })),
    },
    { weight: 1, arbitrary: fraction.map((at) => ({ kind: 'truncate' as const, at })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fraction, fc.constantFrom(...JUNK))
        .map(([at, junk]) => ({ kind: 'insert' as const, at, junk })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom(...BROKEN_TEXTS), nesting)
        .map((text) => ({ kind: 'text' as const, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => [...bytes]),
          fc.constantFrom([0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff, 0xfe], [0xe2, 0x82]),
        )
        .map((bytes) => ({ kind: 'bytes' as const, before: '{"note":"', bytes, after: '"}' })),
    },
    { weight: 2, arbitrary: hostileValue.map((value) => ({ kind: 'value' as const, value })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(limit + 1, ONE_MEBIBYTE)
        .map((size) => ({ kind: 'oversize' as const, size })),
    },
  );
}

/** The body a variation makes of a valid body. */
export function renderBody(variation: BodyVariation, base: unknown): FuzzedBody {
  const valid = toJsonText(base);
  const cut = (at: number) => Math.floor(at * valid.length);
  switch (variation.kind) {
    case 'mutate': {
      const value = variation.steps.reduce((body, [path, step]) => mutateAt(body, path, step), base);
      return json(
        toJsonText(value),
        `mutated at ${variation.steps.map(([path]) => `/${path.join('/')}`).join(', ')}`,
      );
    }
    case 'truncate':
      return json(valid.slice(0, Math.min(cut(variation.at), valid.length - 1)), 'truncated');
    case 'insert':
      return json(
        valid.slice(0, cut(variation.at)) + variation.junk + valid.slice(cut(variation.at)),
        'junk inserted',
      );
    case 'text':
      return json(variation.text, 'text');
    case 'bytes':
      return json(
        Buffer.concat([
          Buffer.from(variation.before),
          Buffer.from(variation.bytes),
          Buffer.from(variation.after),
        ]),
        'raw bytes',
      );
    case 'value':
      return json(toJsonText(variation.value), 'another value');
    case 'oversize':
      return json(`{"note":"${'x'.repeat(variation.size - 11)}"}`, `${variation.size} bytes`, true);
  }
}

function json(payload: string | Buffer, label: string, oversize = false): FuzzedBody {
  return { payload, contentType: 'application/json', oversize, label };
}
