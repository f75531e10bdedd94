// Plain values of the session contract, apart from its zod schemas (session.ts re-exports them): the web app's
// menu page imports these without loading zod (docs/decisions/036-menu-page-javascript.md).

/** localStorage key of the specification (§3). */
export const SESSION_STORAGE_KEY = 'sessionId';

/** Header carrying the session id on reads that need one (never a query string: those reach logs). */
export const SESSION_HEADER = 'x-session-id';
