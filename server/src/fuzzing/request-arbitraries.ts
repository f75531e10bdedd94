import fc from 'fast-check';
import {
  hostileNumber,
  hostileString,
  hostileValue,
  NASTY_TEXTS,
  PROTOTYPE_KEYS,
  percentEncode,
  RawJson,
  toJsonText,
  withOwnKey,
} from './hostile-values.ts';

/**
 * The four things the fuzzer varies, each starting from an operation's valid request (fuzz-world.ts): the
 * body, the path parameters, the query string and the headers. Most of what they produce is invalid; what
 * happens to be valid is a legitimate request, and the test treats it as one.
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

/** Path segments as a client would write them: numbers of every size and spelling, ids, broken encodings. */
const NUMBER_SPELLINGS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1F',
  '+1',
  '01',
  ' 1',
  '1 ',
  'Infinity',
  'NaN',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740991',
  '9007199254740993',
  '99999999999999999999999',
] as const;
const RAW_SEGMENTS = ['%', '%E0%A4%A', '%zz', '%00', '%2F', '..', '%2e%2e', '%C0%80', '%ED%A0%80', ';', '*'];

/** A path parameter's segment: the world's own value (maybe with a NUL after it), or another one, encoded. */
export type PathChoice = { own: true; suffix: string } | { segment: string };

/**
 * The segments of an operation's path parameters: each either its valid value, a value of another
 * restaurant's world (`elsewhere`), a hostile one, or raw bytes.
 */
export function pathArbitrary(
  names: readonly string[],
  elsewhere: readonly string[],
): fc.Arbitrary<Record<string, PathChoice>> {
  const segment = (arbitrary: fc.Arbitrary<string>) => arbitrary.map((value) => ({ segment: value }));
  const choice: fc.Arbitrary<PathChoice> = fc.oneof(
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('', '%00', '%ED%A0%80', '0')
        .map((suffix) => ({ own: true as const, suffix })),
    },
    { weight: 3, arbitrary: segment(hostileString.map(percentEncode)) },
    { weight: 3, arbitrary: segment(fc.constantFrom(...NUMBER_SPELLINGS).map(percentEncode)) },
    {
      weight: 2,
      arbitrary: segment(hostileNumber.map((n) => percentEncode(n instanceof RawJson ? n.text : String(n)))),
    },
    { weight: 1, arbitrary: segment(fc.constantFrom(...RAW_SEGMENTS)) },
    ...(elsewhere.length > 0
      ? [{ weight: 2, arbitrary: segment(fc.constantFrom(...elsewhere).map(percentEncode)) }]
      : []),
  );
  return fc.record(Object.fromEntries(names.map((name) => [name, choice])));
}

/** The encoded segments of the choices, the world's own values filled in. */
export function renderPath(
  choices: Record<string, PathChoice>,
  valid: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(choices).map(([name, choice]) => [
      name,
      'own' in choice ? percentEncode(valid[name] ?? '') + choice.suffix : choice.segment,
    ]),
  );
}

const QUERY_KEYS = [
  '__proto__',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  'a[]',
  'a[b]',
  '',
];
const RAW_QUERY_PARTS = ['%', '%E0%A4%A', '%zz', '%00', '+', '&&', '=', 'a=1=2', 'a'];

/** A query string (without "?"): the operation's own parameters and others, hostile and repeated. */
export function queryArbitrary(names: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...names, ...QUERY_KEYS).map(percentEncode),
    hostileString.map(percentEncode),
  );
  const value = fc.oneof(
    hostileString.map(percentEncode),
    fc.constantFrom('hu', 'en', 'HU', 'true', '1', '').map(percentEncode),
  );
  const pair = fc.oneof(
    { weight: 5, arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}=${v}`) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_PARTS) },
  );
  return fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => pairs.join('&'));
}

/** Header values a client can put on the wire: visible ASCII and Latin-1 bytes, no line breaks. */
const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
    maxLength: 80,
  }),
  fc.constantFrom('', ' ', 'x'.repeat(4096), 'null', '%00', '\t'),
);

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/jsonx',
  'application/problem+json',
  '*/*',
  '',
] as const;

export interface HeaderVariants {
  /** Other real values a header may take: another world's session, cookie, CSRF token, key. */
  [name: string]: readonly string[];
}

export type Headers = Record<string, string | string[]>;

/** One change to the valid headers; plain data, applied to the headers of the world the run happens in. */
export type HeaderChange =
  | { action: 'delete'; name: string }
  | { action: 'set'; name: string; value: string }
  | { action: 'repeat'; name: string; value: string };

/**
 * The valid headers with one to three changes: a header removed, replaced by junk or by another real value,
 * sent twice, the content type changed, or a new header added.
 */
export function headersArbitrary(
  names: readonly string[],
  variants: HeaderVariants,
): fc.Arbitrary<HeaderChange[]> {
  const all = [...new Set([...names, ...Object.keys(variants), 'content-type', 'cookie'])];
  const named = (action: 'set' | 'repeat') =>
    fc.constantFrom(...all).chain((name) =>
      fc
        .oneof(
          { weight: 3, arbitrary: headerText },
          {
            weight: 2,
            arbitrary: fc.constantFrom(...(variants[name] ?? []), ...NASTY_TEXTS.filter(isLatin1)),
          },
        )
        .map((value) => ({ action, name, value })),
    );
  const change: fc.Arbitrary<HeaderChange> = fc.oneof(
    fc.constantFrom(...all).map((name) => ({ action: 'delete' as const, name })),
    named('set'),
    named('repeat'),
    fc
      .constantFrom(...CONTENT_TYPES)
      .map((value) => ({ action: 'set' as const, name: 'content-type', value })),
    fc
      .tuple(
        fc.constantFrom('if-none-match', 'accept-encoding', 'x-forwarded-for', 'origin', 'accept'),
        headerText,
      )
      .map(([name, value]) => ({ action: 'set' as const, name, value })),
  );
  return fc.array(change, { minLength: 1, maxLength: 3 });
}

export function renderHeaders(changes: readonly HeaderChange[], base: Headers): Headers {
  const headers: Headers = { ...base };
  for (const change of changes) {
    if (change.action === 'delete') delete headers[change.name];
    else if (change.action === 'set') headers[change.name] = change.value;
    else headers[change.name] = [...[headers[change.name] ?? []].flat(), change.value];
  }
  return headers;
}

function isLatin1(text: string): boolean {
  return /^[\u0020-\u00ff]*$/.test(text) && text.length < 5000;
}
