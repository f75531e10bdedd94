import { fileURLToPath } from 'node:url';

/**
 * Folders the server reads at run time. This module sits directly in server/src/, and the production bundle
 * (server/dist/server.js, docs/decisions/031) directly in server/dist/: one level below the server package in
 * both, so `import.meta.url` resolves these the same from source and from the bundle. Keep it at this depth.
 */
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The repository root: relative paths resolve against it, so `npm start` from the root and from server/ agree. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const MIGRATIONS_FOLDER = `${SERVER_ROOT}drizzle`;
