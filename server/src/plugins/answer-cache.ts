import { MENU_CHANGED_CHANNEL } from '../db/channels.ts';
import type { Database } from '../db/database.ts';
import { AnswerCache } from '../lib/answer-cache.ts';
import type { App } from '../lib/app-type.ts';

/** Coalescing window for change bursts (a storm of ratings): at most one rebuild per window and restaurant. */
export const DEFAULT_COALESCE_MS = 250;

/**
 * The in-memory restaurant and menu answers, dropped when a NOTIFY on the menu channel names their
 * restaurant (from this instance or any other on the same PostgreSQL), and all dropped when the listener
 * reconnects (notifications may have been missed). docs/decisions/004-caching.md.
 */
export async function setupAnswerCache(
  app: App,
  options: { database: Database; coalesceMs?: number },
): Promise<AnswerCache> {
  const cache = new AnswerCache({ coalesceMs: options.coalesceMs ?? DEFAULT_COALESCE_MS });
  const unsubscribe = await options.database.listen(MENU_CHANGED_CHANNEL, (shortName) => {
    if (shortName === null) cache.clear();
    else cache.invalidate(shortName);
  });
  // preClose: runs before every onClose hook, so before the owner closes the database.
  app.addHook('preClose', async () => {
    cache.close();
    await unsubscribe().catch((error: unknown) => app.log.warn({ err: error }, 'unlisten failed'));
  });
  return cache;
}
