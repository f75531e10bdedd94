import { API_BASE, apiPaths } from '@tablo/contract/paths';
import { useMenu } from '../../../lib/menu-query.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { MenuContent } from './menu-content.tsx';
import { MenuMessage } from './menu-message.tsx';
import styles from './menu-screen.module.css';
import { MenuSkeleton } from './menu-skeleton.tsx';
import { OfflineNotice } from './offline-notice.tsx';

/** spec §2: the menu screen of /menu/:shortName/:lang (and of the order route). */
export function MenuScreen() {
  const { t } = useTranslation('menu');
  const restaurant = useRestaurant();
  const menu = useMenu(restaurant.shortName);

  return (
    <div className={styles.screen} aria-busy={menu.isPending}>
      <OfflineNotice
        shortName={restaurant.shortName}
        menuUrl={API_BASE + apiPaths.menu(restaurant.shortName)}
      />
      {menu.isPending && <MenuSkeleton />}
      {menu.isError && (
        <MenuMessage title={t('load_failed')} hint={menu.error.message}>
          <button type="button" className={styles.retry} onClick={() => menu.refetch()}>
            {t('retry')}
          </button>
        </MenuMessage>
      )}
      {menu.isSuccess && <MenuContent menu={menu.data} shortName={restaurant.shortName} />}
    </div>
  );
}
