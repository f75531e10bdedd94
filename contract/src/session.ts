import { z } from 'zod';

/** spec §3 and §7 call 3: a server-issued diner session id, kept in localStorage under `sessionId`. */
export const SessionIdSchema = z.uuid();
export type SessionId = z.infer<typeof SessionIdSchema>;

export const SessionUuidResponseSchema = z.object({ uuid: SessionIdSchema });
export type SessionUuidResponse = z.infer<typeof SessionUuidResponseSchema>;

/** localStorage key of the specification (§3). */
export const SESSION_STORAGE_KEY = 'sessionId';

/** Header carrying the session id on reads that need one (never a query string: those reach logs). */
export const SESSION_HEADER = 'x-session-id';
