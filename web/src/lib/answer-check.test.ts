import { AppConfigSchema } from '@tablo/contract/config';
import { MyRatingsResponseSchema } from '@tablo/contract/rating';
import { SessionIdSchema, SessionUuidResponseSchema } from '@tablo/contract/session';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerCheck, assertSupported, type JsonSchema } from './answer-check.ts';

const UUID = '3f2b8c4e-9a1d-4c3b-8e2f-1a2b3c4d5e6f';
const CONFIG = {
  adminUrl: 'https://admin.example',
  publicUrl: 'http://localhost:3000',
  poweredByName: 'Tablo',
  poweredByUrl: 'https://tablo.example',
  analyticsId: null,
};

// The first screen's schemas (first-screen-checks.ts), each with answers zod accepts and refuses: the check
// generated from zod's JSON Schema must give the same verdict and the same data.
const CASES: [string, z.ZodType, unknown[]][] = [
  ['session id', SessionIdSchema, [UUID, 'not-a-uuid', '', 42, null, `${UUID} `]],
  [
    'session id answer',
    SessionUuidResponseSchema,
    [{ uuid: UUID }, { uuid: UUID, extra: 1 }, { uuid: 'x' }, {}, [], null, 'x'],
  ],
  [
    'my ratings',
    MyRatingsResponseSchema,
    [
      [],
      [{ menuItemId: 3, rating: 'LIKE' }],
      [{ menuItemId: 3, rating: 'DISLIKE', extra: true }],
      [{ menuItemId: 3.5, rating: 'LIKE' }],
      [{ menuItemId: 3, rating: 'MEH' }],
      [{ menuItemId: '3', rating: 'LIKE' }],
      [{ rating: 'LIKE' }],
      { menuItemId: 3, rating: 'LIKE' },
      null,
    ],
  ],
  [
    'app config',
    AppConfigSchema,
    [
      CONFIG,
      { ...CONFIG, analyticsId: 'G-1' },
      { ...CONFIG, adminUrl: 'not a url' },
      { ...CONFIG, analyticsId: 3 },
      { ...CONFIG, poweredByName: undefined },
      'x',
    ],
  ],
];

describe('answerCheck', () => {
  for (const [name, schema, samples] of CASES) {
    it(`gives zod's verdict and data for the ${name}`, () => {
      const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
      assertSupported(json);
      const check = answerCheck(json);
      for (const sample of samples) {
        const ours = check.safeParse(sample);
        const zods = schema.safeParse(sample);
        expect({ sample, success: ours.success }).toEqual({ sample, success: zods.success });
        if (ours.success && zods.success) expect(ours.data).toEqual(zods.data);
      }
    });
  }

  it('refuses, at build time, a keyword it does not check', () => {
    const json = z.toJSONSchema(z.object({ tags: z.array(z.string()).min(1) }), {
      io: 'input',
    }) as JsonSchema;
    expect(() => assertSupported(json)).toThrow(/minItems/);
    const email = z.toJSONSchema(z.email(), { io: 'input' }) as JsonSchema;
    expect(() => assertSupported({ ...email, pattern: undefined } as JsonSchema)).toThrow();
  });
});
