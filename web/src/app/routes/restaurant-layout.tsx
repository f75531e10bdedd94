import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BottomNav } from '../../components/bottom-nav/bottom-nav.tsx';
import { Header } from '../../components/header/header.tsx';
import { Spinner } from '../../components/spinner/spinner.tsx';
import { GUIDE_SEEN_STORAGE_KEY } from '../../config/constants.ts';
import { HeaderSlotProvider, useHeaderSliderNode } from '../providers/header-slot.tsx';
import { RestaurantProvider, useRestaurant } from '../providers/restaurant.tsx';
import { SessionProvider } from '../providers/session.tsx';
import { TableProvider } from '../providers/table.tsx';
import styles from './restaurant-layout.module.css';

// Only diners who have not seen it download the guide (and its texts).
const FirstUseGuide = lazy(() =>
  import('../../features/guide/components/first-use-guide.tsx').then((m) => ({ default: m.FirstUseGuide })),
);

/** spec §2: restaurant provider → table provider → session → the layout holding the screens. */
export function RestaurantLayout() {
  return (
    <RestaurantProvider>
      <TableProvider>
        <SessionProvider>
          <HeaderSlotProvider>
            <RestaurantShell />
          </HeaderSlotProvider>
        </SessionProvider>
      </TableProvider>
    </RestaurantProvider>
  );
}

function RestaurantShell() {
  const { t } = useTranslation('common');
  const slider = useHeaderSliderNode();
  const { isOrderingEnabled } = useRestaurant();
  const [showGuide] = useState(() => isOrderingEnabled && !guideSeen());
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <Header mode={slider ? 'SLIDER' : 'TITLE'} slider={slider} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      {showGuide ? (
        <Suspense fallback={null}>
          <FirstUseGuide />
        </Suspense>
      ) : null}
    </div>
  );
}

function guideSeen(): boolean {
  try {
    return localStorage.getItem(GUIDE_SEEN_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}
