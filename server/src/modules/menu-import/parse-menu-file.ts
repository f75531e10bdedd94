import { type MenuFile, MenuFileSchema } from '@tablo/contract/menu-import';
import type { z } from 'zod';
import { parseJsonText } from './json-syntax.ts';

/** One mistake in a menu file; `path` points into the file, e.g. `categories[2].items[0].priceGross`. */
export interface MenuFileProblem {
  path: string;
  message: string;
}

export type ParseMenuFileResult = { ok: true; menu: MenuFile } | { ok: false; problems: MenuFileProblem[] };

type PathSegment = PropertyKey;

/** A problem before its path is written out; kept as segments so problems can be put in file order. */
interface Found {
  path: PathSegment[];
  message: string;
}

// The order fields are written in a menu file (the schema's order), to list problems top to bottom.
const FIELD_ORDER = [
  'vatKeys',
  'categories',
  'ref',
  'code',
  'valuePercent',
  'priceGross',
  'isActive',
  'imageUrl',
  'availabilityType',
  'vatKey',
  'allergens',
  'translations',
  'items',
  'isoCode',
  'title',
  'description',
  'likeCount',
  'dislikeCount',
  // Issue 27: the option groups follow the categories in a file; an item lists their refs last.
  'optionGroups',
  'kind',
  'minChoices',
  'maxChoices',
  'freeChoices',
  'options',
  'priceDelta',
  'isDefault',
];

function compareSegments(a: PathSegment, b: PathSegment): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  const rank = (segment: PathSegment) => {
    const index = FIELD_ORDER.indexOf(String(segment));
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return rank(a) - rank(b) || String(a).localeCompare(String(b));
}

function inFileOrder(a: Found, b: Found): number {
  for (let i = 0; i < Math.min(a.path.length, b.path.length); i++) {
    const order = compareSegments(a.path[i] as PathSegment, b.path[i] as PathSegment);
    if (order !== 0) return order;
  }
  return a.path.length - b.path.length;
}

export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(file)' : out;
}

function fromZodIssue(issue: z.core.$ZodIssue): Found[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ path: [...issue.path, key], message: 'unknown field' }));
  }
  return [{ path: issue.path, message: issue.message }];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function arrayAt(value: unknown, key: string): unknown[] {
  if (!isRecord(value)) return [];
  const found = value[key];
  return Array.isArray(found) ? found : [];
}

function stringAt(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const found = value[key];
  return typeof found === 'string' ? found : undefined;
}

function duplicateLanguages(owner: unknown, at: PathSegment[], problems: Found[]): void {
  const seen = new Set<string>();
  arrayAt(owner, 'translations').forEach((translation, index) => {
    const code = stringAt(translation, 'isoCode');
    if (code === undefined) return;
    if (seen.has(code)) {
      problems.push({
        path: [...at, 'translations', index, 'isoCode'],
        message: `second translation for "${code}"`,
      });
    }
    seen.add(code);
  });
}

/**
 * The cross-references of the file (duplicate refs, VAT codes, translation languages), checked on the raw
 * value. The schema's own refinement runs only once every field is well-formed, so on its own a file with
 * a wrong price would hide its unknown VAT key until the price was fixed; this reports both at once.
 */
function crossReferenceProblems(file: unknown): Found[] {
  const problems: Found[] = [];
  const vatEntries = arrayAt(file, 'vatKeys');
  const vatCodes = new Set<string>();
  vatEntries.forEach((vat, index) => {
    const code = stringAt(vat, 'code');
    if (code === undefined) return;
    if (vatCodes.has(code)) {
      problems.push({ path: ['vatKeys', index, 'code'], message: `duplicate VAT key "${code}"` });
    }
    vatCodes.add(code);
  });
  const categoryRefs = new Set<string>();
  const itemRefs = new Set<string>();
  arrayAt(file, 'categories').forEach((category, ci) => {
    const categoryRef = stringAt(category, 'ref');
    if (categoryRef !== undefined && categoryRefs.has(categoryRef)) {
      problems.push({ path: ['categories', ci, 'ref'], message: `duplicate ref "${categoryRef}"` });
    }
    if (categoryRef !== undefined) categoryRefs.add(categoryRef);
    duplicateLanguages(category, ['categories', ci], problems);
    arrayAt(category, 'items').forEach((item, ii) => {
      const at = ['categories', ci, 'items', ii];
      const ref = stringAt(item, 'ref');
      if (ref !== undefined && itemRefs.has(ref)) {
        problems.push({ path: [...at, 'ref'], message: `duplicate ref "${ref}"` });
      }
      if (ref !== undefined) itemRefs.add(ref);
      const vatKey = stringAt(item, 'vatKey');
      if (vatKey !== undefined && vatEntries.length > 0 && !vatCodes.has(vatKey)) {
        problems.push({ path: [...at, 'vatKey'], message: `unknown VAT key "${vatKey}"` });
      }
      duplicateLanguages(item, at, problems);
    });
  });
  return problems;
}

/** Written out in file order, once each (the schema's refinement may have found some of them too). */
function written(found: Found[]): MenuFileProblem[] {
  const seen = new Set<string>();
  const problems: MenuFileProblem[] = [];
  for (const problem of [...found].sort(inFileOrder)) {
    const line = { path: formatPath(problem.path), message: problem.message };
    const key = `${line.path}\u0000${line.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(line);
  }
  return problems;
}

/**
 * Validates a menu file — its text (a string: JSON syntax errors come with line and column) or an
 * already parsed value — and reports every problem with its path in the file.
 */
export function parseMenuFile(json: unknown): ParseMenuFileResult {
  let value = json;
  if (typeof json === 'string') {
    const parsed = parseJsonText(json);
    if (!parsed.ok) {
      const { line, column } = parsed.at;
      return {
        ok: false,
        problems: [{ path: `line ${line}, column ${column}`, message: `invalid JSON: ${parsed.message}` }],
      };
    }
    value = parsed.value;
  }
  const result = MenuFileSchema.safeParse(value);
  const problems = written([
    ...(result.success ? [] : result.error.issues.flatMap(fromZodIssue)),
    ...crossReferenceProblems(value),
  ]);
  if (result.success && problems.length === 0) return { ok: true, menu: result.data };
  return { ok: false, problems };
}
