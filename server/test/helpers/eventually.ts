/**
 * Reads `read()` every 20 ms until `ok` holds or `ms` have passed, and answers the last value read: the test
 * asserts on it, so a timeout fails with what was there (live updates, timers, a second instance).
 */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 5000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
