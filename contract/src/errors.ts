import { z } from 'zod';

/** Every error answer has this shape; `message` may be a list (the web client joins it with ", "). */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export { ERROR_TEXTS } from './error-texts.ts';
