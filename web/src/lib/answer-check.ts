/**
 * Checks an answer against a contract schema without zod: the schema comes as the JSON Schema that zod itself
 * writes for it (`z.toJSONSchema(schema, { io: 'input' })`), so the contract stays the one definition. The
 * build generates these for the few answers the menu page reads on load (first-screen-checks.ts,
 * decision record 036); everything else is parsed by the contract's zod schemas, loaded with the screen or
 * the interaction that needs them.
 *
 * Only the keywords listed in SUPPORTED are understood; `assertSupported` refuses any other at build time,
 * so a schema that grows a feature this checker lacks fails the build instead of passing answers unchecked.
 * Like zod's `z.object`, an object's undeclared keys are dropped from the result.
 */
type JsonType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

export type JsonSchema = {
  /** One type, or several (zod writes `.nullable()` of a plain type as `["string", "null"]`). */
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: false;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  $schema?: string;
};

export type CheckResult<T> = { success: true; data: T } | { success: false };

/** What the api client needs of a schema: zod's schemas have it, and so has a generated check. */
export interface AnswerCheck<T> {
  safeParse(value: unknown): CheckResult<T>;
}

const SUPPORTED = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
]);

/** Throws when the schema uses a keyword (or a `format` without its `pattern`) this checker does not check. */
export function assertSupported(schema: JsonSchema, at = '#'): void {
  for (const key of Object.keys(schema)) {
    if (!SUPPORTED.has(key)) throw new Error(`answer-check: "${key}" at ${at} is not supported`);
  }
  if (schema.format !== undefined && schema.format !== 'uri' && schema.pattern === undefined) {
    throw new Error(`answer-check: format "${schema.format}" at ${at} comes without a pattern`);
  }
  if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
    throw new Error(`answer-check: additionalProperties at ${at} must be false or absent`);
  }
  for (const [name, inner] of Object.entries(schema.properties ?? {}))
    assertSupported(inner, `${at}/${name}`);
  if (schema.items) assertSupported(schema.items, `${at}/items`);
  for (const [i, inner] of (schema.anyOf ?? []).entries()) assertSupported(inner, `${at}/anyOf/${i}`);
}

const INVALID = Symbol('invalid');

function isType(value: unknown, type: JsonType | JsonType[]): boolean {
  if (Array.isArray(type)) return type.some((one) => isType(value, one));
  switch (type) {
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function check(schema: JsonSchema, value: unknown): unknown {
  if (schema.anyOf) {
    for (const option of schema.anyOf) {
      const out = check(option, value);
      if (out !== INVALID) return out;
    }
    return INVALID;
  }
  if (schema.type !== undefined && !isType(value, schema.type)) return INVALID;
  if (schema.enum && !schema.enum.includes(value)) return INVALID;
  if ('const' in schema && schema.const !== value) return INVALID;
  if (typeof value === 'number') {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
    if (minimum !== undefined && value < minimum) return INVALID;
    if (maximum !== undefined && value > maximum) return INVALID;
    if (exclusiveMinimum !== undefined && value <= exclusiveMinimum) return INVALID;
    if (exclusiveMaximum !== undefined && value >= exclusiveMaximum) return INVALID;
  }
  if (typeof value === 'string') {
    // zod counts UTF-16 code units too (String#length).
    if (schema.minLength !== undefined && value.length < schema.minLength) return INVALID;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return INVALID;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return INVALID;
    // zod's z.url(): whatever the URL parser accepts, trimmed.
    if (schema.format === 'uri') {
      try {
        new URL(value.trim());
      } catch {
        return INVALID;
      }
      return value.trim();
    }
  }
  if (Array.isArray(value)) {
    if (!schema.items) return value;
    const out: unknown[] = [];
    for (const item of value) {
      const checked = check(schema.items, item);
      if (checked === INVALID) return INVALID;
      out.push(checked);
    }
    return out;
  }
  if (schema.properties && typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      if (!(key in schema.properties) && schema.additionalProperties === false) return INVALID;
    }
    for (const [key, inner] of Object.entries(schema.properties)) {
      if (!(key in record)) {
        if (schema.required?.includes(key)) return INVALID;
        continue;
      }
      const checked = check(inner, record[key]);
      if (checked === INVALID) return INVALID;
      out[key] = checked;
    }
    return out;
  }
  return value;
}

/** A check for answers of type T, from the JSON Schema zod wrote for T's contract schema. */
export function answerCheck<T>(schema: JsonSchema): AnswerCheck<T> {
  return {
    safeParse(value) {
      const out = check(schema, value);
      return out === INVALID ? { success: false } : { success: true, data: out as T };
    },
  };
}
