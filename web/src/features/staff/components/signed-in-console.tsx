import type { StaffMe } from '@tablo/contract/staff';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { StaffConsoleContext } from '../hooks/staff-console-context.ts';
import { useSound } from '../hooks/use-sound.ts';
import { useStaffBoard } from '../hooks/use-staff-board.ts';
import { type StaffAlert, useStaffLive } from '../hooks/use-staff-live.ts';
import { useTopHeight } from '../hooks/use-top-height.ts';
import { alertTarget, isStillNews } from '../utils/alert-news.ts';
import { staffLinks } from '../utils/staff-links.ts';
import { AlertBanner } from './alert-banner.tsx';
import { ConsoleHeader } from './console-header.tsx';
import styles from './staff.module.css';

/** How long a live arrival stays highlighted, and at most in the banner. */
const FRESH_MS = 120_000;
const BANNER_MS = 15_000;

type Banner = { text: string; alert: StaffAlert };

/** The signed-in console: header, the live channel with its alerts, and the current screen. */
export function SignedInConsole({ me, signOut }: { me: StaffMe; signOut: () => void }) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sound = useSound();
  const board = useStaffBoard();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<Banner | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const top = useRef<HTMLDivElement>(null);
  useTopHeight(top);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  }, []);

  const onAlert = useCallback(
    (alert: StaffAlert) => {
      const table = alert.tableNumber;
      const text =
        alert.kind === 'late_payment'
          ? t(`alert_late_${alert.outcome}`, { table, amount: formatPrice(alert.total, language) })
          : alert.kind === 'order'
            ? table === null
              ? t('alert_order')
              : t('alert_order_at', { table })
            : table === null
              ? t(`alert_call_${alert.callKind}`)
              : t(`alert_call_${alert.callKind}_at`, { table });
      const shown = { text, alert };
      setBanner(shown);
      // The same words twice in a row are announced again only if the region changes: add a mark.
      setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
      later(BANNER_MS, () => setBanner((current) => (current === shown ? null : current)));
      if (alert.kind === 'order') {
        const id = alert.orderId;
        setFresh((current) => new Set(current).add(id));
        later(FRESH_MS, () =>
          setFresh((current) => {
            const next = new Set(current);
            next.delete(id);
            return next;
          }),
        );
      }
      sound.chime();
    },
    [t, sound, later, language],
  );

  const live = useStaffLive({ me, board: board.data, onAlert });
  const refresh = useCallback(() => void board.refetch(), [board]);
  const value = useMemo(
    () => ({ me, sound, live, freshOrders: fresh, refresh, signOut }),
    [me, sound, live, fresh, refresh, signOut],
  );

  // Acted on (here or elsewhere: the board follows both), the alert is no longer news.
  const news = banner !== null && isStillNews(banner.alert, board.data) ? banner : null;

  function show(alert: StaffAlert) {
    setBanner(null);
    setFocusTarget(alertTarget(alert));
    const onBoard = staffLinks.screen('board', language);
    if (pathname !== onBoard) navigate(onBoard);
  }

  // "Show" lands on the order (or the calling table): focused, so a keyboard user goes on from there.
  useEffect(() => {
    if (focusTarget === null) return;
    const target = document.getElementById(focusTarget);
    if (!target) return;
    setFocusTarget(null);
    target.focus();
  });

  return (
    <StaffConsoleContext value={value}>
      <div className={styles.console}>
        <a className="skip-link" href="#staff-main">
          {t('skip_to_content')}
        </a>
        <div ref={top} className={styles.top}>
          <ConsoleHeader />
          {news && (
            <AlertBanner text={news.text} onShow={() => show(news.alert)} onDismiss={() => setBanner(null)} />
          )}
        </div>
        <main id="staff-main" className={styles.main} tabIndex={-1}>
          <Outlet />
        </main>
        <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
          {announcement}
        </div>
      </div>
    </StaffConsoleContext>
  );
}
