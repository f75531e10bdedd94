import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { KEPT_MENU_RETRY_MS } from '../../../config/constants.ts';
import { menuQueryKey } from '../../../lib/menu-query.ts';
import { useAnsweredFromCache, useOnline } from '../../../lib/offline-status.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './offline-notice.module.css';

/**
 * A quiet line above the menu while the diner reads the copy kept on the phone (decision record 025): the
 * browser is offline, or the menu came from the service worker's cache. The polite status region is always
 * there, so a screen reader hears the line when it appears; it empties once a fresh menu has arrived.
 */
export function OfflineNotice({ shortName, menuUrl }: { shortName: string; menuUrl: string }) {
  const { t } = useTranslation('menu');
  const online = useOnline();
  const fromCache = useAnsweredFromCache(menuUrl);
  const queryClient = useQueryClient();

  // Back online with a kept menu on screen: fetch the real one (prices may have changed meanwhile), and
  // again every few seconds while the answer is still the kept copy — right after the network returns, the
  // first request may fail or time out and the service worker answers from its cache once more.
  useEffect(() => {
    if (!online || !fromCache) return;
    const refetch = () =>
      void queryClient.invalidateQueries({ queryKey: menuQueryKey(shortName) }, { cancelRefetch: false });
    refetch();
    const timer = setInterval(refetch, KEPT_MENU_RETRY_MS);
    return () => clearInterval(timer);
  }, [online, fromCache, queryClient, shortName]);

  const shown = !online || fromCache;
  return (
    <p role="status" className={shown ? styles.notice : undefined} data-offline-notice={shown || undefined}>
      {shown ? t('offline_notice') : null}
    </p>
  );
}
