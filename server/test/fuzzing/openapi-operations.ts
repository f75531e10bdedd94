import type { App } from '../../src/lib/app-type.ts';

/**
 * The operations the fuzzer walks, read from the app's own OpenAPI document (plugins/openapi.ts), so a route
 * added later is fuzzed without touching the tests. Only the parts of JSON Schema the contract's zod schemas
 * produce are understood; anything else falls back to a string.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `POST /api/orders`: how the tests name it. */
  id: string;
  method: string;
  /** OpenAPI path template: `/api/tables/{tableId}/orders`. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The JSON body's schema, or null when the operation takes no body. */
  body: JsonSchema | null;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationsOf(app: App): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Partial<Record<string, OpenApiOperation>>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (where: OpenApiParameter['in']) =>
        (operation.parameters ?? [])
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({
            name: parameter.name,
            required: parameter.required === true,
            schema: parameter.schema ?? {},
          }));
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters('path'),
        queryParams: parameters('query'),
        headerParams: parameters('header'),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** The URL of a path template with its parameters filled in (already encoded by the caller). */
export function fillPath(path: string, encodedValues: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodedValues[name] ?? '');
}

/**
 * A value the schema accepts: a hint by property name where one is given (real ids of the fuzz world), else
 * the schema's default, first enum value, first alternative or smallest allowed value.
 */
export function exampleOf(schema: JsonSchema, hints: Record<string, unknown>, name?: string): unknown {
  if (name !== undefined && name in hints) return hints[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.[0]) return exampleOf(alternatives[0], hints, name);
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || key in hints) value[key] = exampleOf(property, hints, key);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        exampleOf(schema.items ?? {}, hints),
      );
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}
