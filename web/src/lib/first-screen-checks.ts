import { type AppConfig, AppConfigSchema } from '@tablo/contract/config';
import { type MyRatingsResponse, MyRatingsResponseSchema } from '@tablo/contract/rating';
import {
  type SessionId,
  SessionIdSchema,
  type SessionUuidResponse,
  SessionUuidResponseSchema,
} from '@tablo/contract/session';
import type { AnswerCheck } from './answer-check.ts';

/**
 * The contract schemas the menu page needs before any interaction: the server's config tag, the stored session
 * id, the session id answer (spec §7 call 3) and the session's own ratings. In the browser build, the Vite plugin
 * `tablo:first-screen-checks` replaces this module by `answerCheck(<JSON Schema zod writes for each>)`
 * (answer-check.ts), so zod stays off the menu page (decision record 036); the tests and the dev server use
 * the zod schemas themselves. Every export must be a contract schema, named `…Check`.
 */
export const sessionIdCheck: AnswerCheck<SessionId> = SessionIdSchema;
export const sessionUuidResponseCheck: AnswerCheck<SessionUuidResponse> = SessionUuidResponseSchema;
export const myRatingsResponseCheck: AnswerCheck<MyRatingsResponse> = MyRatingsResponseSchema;
export const appConfigCheck: AnswerCheck<AppConfig> = AppConfigSchema;
