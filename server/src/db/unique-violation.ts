/** Whether a failed statement broke a unique constraint (SQLSTATE 23505), as thrown by pg, PGlite or Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
