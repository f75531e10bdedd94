/**
 * Reading what `execute` answers, the same on both drivers: node-postgres parses json columns, PGlite may
 * hand them over as text. The one place that difference is written.
 */

/** The rows of an `execute` answer. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A json column as a value, whether the driver parsed it or handed its text. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
