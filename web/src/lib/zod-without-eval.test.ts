import { expect, test } from 'vitest';

test('zod adopts the jitless setting made before it loads', async () => {
  await import('./zod-without-eval.ts');
  const { config } = await import('zod');
  expect(config().jitless).toBe(true);
});
