import { z } from 'zod';
import { LANGUAGE_CODES } from './language-list.ts';

export * from './language-list.ts';

export const LanguageCodeSchema = z.enum(LANGUAGE_CODES);
