import { z } from 'zod';

/** spec §3 and §7 call 3: a server-issued diner session id, kept in localStorage under `sessionId`. */
export const SessionIdSchema = z.uuid();
export type SessionId = z.infer<typeof SessionIdSchema>;

export const SessionUuidResponseSchema = z.object({ uuid: SessionIdSchema });
export type SessionUuidResponse = z.infer<typeof SessionUuidResponseSchema>;

export { SESSION_HEADER, SESSION_STORAGE_KEY } from './session-keys.ts';
