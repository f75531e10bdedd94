import { LANGUAGES } from '@tablo/contract/language-list';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation, useParams } from 'react-router';
import { BottomNav } from '../../components/bottom-nav/bottom-nav.tsx';
import { RestaurantNotFound } from '../../components/full-screen-message/restaurant-not-found.tsx';
import { Header } from '../../components/header/header.tsx';
import { Spinner } from '../../components/spinner/spinner.tsx';
import { SCREEN_SPINNER_DELAY_MS } from '../../config/constants.ts';
import { useServerMenuSlider } from '../../features/menu/hooks/use-menu-slider.tsx';
import { loadChunk } from '../../lib/chunk-load.ts';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { HeaderSlotProvider, useHeaderSliderNode } from '../../providers/header-slot.tsx';
import { replaceLanguageSegment } from '../../providers/language.tsx';
import { RestaurantProvider } from '../../providers/restaurant.tsx';
import { SessionProvider } from '../../providers/session.tsx';
import { TableProvider } from '../../providers/table.tsx';
import styles from './restaurant-layout.module.css';

/** A restaurant not open: the not-found screen, or its owner's preview (a chunk of its own, decision 069). */
const ClosedRestaurant = lazy(() =>
  loadChunk('closed-restaurant', () => import('./closed-restaurant.tsx')).then((m) => ({
    default: m.ClosedRestaurant,
  })),
);

/** spec §2: restaurant provider → table provider → session → the layout holding the screens. */
export function RestaurantLayout() {
  const spinner = <Spinner fullScreen />;
  const notFound = <RestaurantNotFound />;
  return (
    <RestaurantProvider
      pending={spinner}
      notFound={notFound}
      closed={(restaurant, screens) => (
        <Suspense fallback={spinner}>
          <ClosedRestaurant restaurant={restaurant} pending={spinner} notFound={notFound}>
            {screens}
          </ClosedRestaurant>
        </Suspense>
      )}
    >
      <TableProvider>
        <SessionProvider>
          <ShellWithHeaderSlot />
        </SessionProvider>
      </TableProvider>
    </RestaurantProvider>
  );
}

function ShellWithHeaderSlot() {
  return (
    <HeaderSlotProvider initial={useServerMenuSlider()}>
      <RestaurantShell />
    </HeaderSlotProvider>
  );
}

function RestaurantShell() {
  const { t } = useTranslation('common');
  const slider = useHeaderSliderNode();
  const loadingScreen = useLoadingNextScreen();
  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <Header mode={slider ? 'SLIDER' : 'TITLE'} slider={slider} />
      <main id="main" className={styles.main} tabIndex={-1} aria-busy={loadingScreen || undefined}>
        <WithoutJavaScript />
        {loadingScreen ? (
          <Spinner />
        ) : (
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <BottomNav />
    </div>
  );
}

/**
 * spec §2: while a screen's code loads, the spinner shows. The router keeps the screen being left until the
 * next one's code has arrived; past a short wait the spinner takes its place, so a tap on a slow network is
 * seen to do something. Only for another screen: a language change or a query parameter keeps the screen.
 */
function useLoadingNextScreen(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const leaving =
    navigation.state === 'loading' && screenOf(navigation.location.pathname) !== screenOf(pathname);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setWaited(true), SCREEN_SPINNER_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setWaited(false);
    };
  }, [leaving]);
  return leaving && waited;
}

/** The screen of a restaurant path: its first segment (`menu`, `order`, `table`, …). */
function screenOf(pathname: string): string {
  return pathname.split('/')[1] ?? '';
}

/**
 * Only shown by a browser without JavaScript, reading the server-rendered page (decision record 022): the
 * language picker as links, and that ordering and ratings need JavaScript. React never hydrates inside it.
 */
function WithoutJavaScript() {
  const { t } = useTranslation('common');
  const { lang } = useParams();
  const { pathname } = useLocation();
  return (
    <noscript>
      <div className={styles.noscript}>
        <p>{t('noscript_note')}</p>
        <nav aria-label={t('language')}>
          <ul className={styles.languageLinks}>
            {LANGUAGES.map((language) => (
              <li key={language.code}>
                <a
                  href={replaceLanguageSegment(pathname, lang, language.code)}
                  lang={language.bcp47}
                  hrefLang={language.bcp47}
                >
                  {language.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </noscript>
  );
}
