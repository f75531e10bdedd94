import { z } from 'zod';
import { LanguageCodeSchema } from './languages.ts';

/** spec §3: Translation — id, title, description, isoCode (one of the supported language codes). */
export const TranslationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  isoCode: LanguageCodeSchema,
});
export type Translation = z.infer<typeof TranslationSchema>;
