import { afterEach, expect, test } from 'vitest';

const { Function: OriginalFunction } = globalThis;
afterEach(() => {
  globalThis.Function = OriginalFunction;
});

/** Every `new Function(…)` from now on: what a CSP without 'unsafe-eval' refuses and reports. */
function watchCompiles(): unknown[][] {
  const compiles: unknown[][] = [];
  globalThis.Function = new Proxy(OriginalFunction, {
    construct(target, args) {
      compiles.push(args);
      return Reflect.construct(target, args);
    },
  });
  return compiles;
}

test("the browser build's zod builds and parses object schemas without compiling code", async () => {
  const compiles = watchCompiles();
  const { z } = await import('./zod-jitless.ts');
  expect(z.config().jitless).toBe(true);
  const schema = z.object({ id: z.uuid(), items: z.array(z.object({ name: z.string() })) });
  for (let i = 0; i < 3; i++) {
    expect(schema.parse({ id: '0b0f1e8e-7d55-4a47-9b43-3c9c3bba1f01', items: [{ name: 'soup' }] })).toEqual({
      id: '0b0f1e8e-7d55-4a47-9b43-3c9c3bba1f01',
      items: [{ name: 'soup' }],
    });
  }
  expect(compiles).toEqual([]);
});
