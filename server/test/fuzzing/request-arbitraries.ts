import fc from 'fast-check';
import { hostileNumber, hostileString, NASTY_TEXTS, percentEncode, RawJson } from './hostile-values.ts';

/**
 * The path, query and header dimensions, each starting from an operation's valid request (fuzz-world.ts).
 * Most of what they produce is invalid; what happens to be valid is a legitimate request, and the test
 * treats it as one.
 */
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
