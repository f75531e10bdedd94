import type { StaffMe } from '@tablo/contract/staff';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { useLanguage } from '../../../app/providers/language.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { StaffConsoleContext } from '../hooks/staff-console-context.ts';
import { useSound } from '../hooks/use-sound.ts';
import { useStaffBoard } from '../hooks/use-staff-board.ts';
import { type StaffAlert, useStaffLive } from '../hooks/use-staff-live.ts';
import { ConsoleHeader } from './console-header.tsx';
import styles from './staff.module.css';

/** How long a live arrival stays highlighted and in the banner. */
const FRESH_MS = 120_000;
const BANNER_MS = 15_000;

/** The signed-in console: header, the live channel with its alerts, and the current screen. */
export function SignedInConsole({ me }: { me: StaffMe }) {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const sound = useSound();
  const board = useStaffBoard();
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const [banner, setBanner] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

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
      setBanner(text);
      // The same words twice in a row are announced again only if the region changes: add a mark.
      setAnnouncement((previous) => (previous === text ? `${text}\u00a0` : text));
      later(BANNER_MS, () => setBanner((current) => (current === text ? null : current)));
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
    () => ({ me, sound, live, freshOrders: fresh, refresh }),
    [me, sound, live, fresh, refresh],
  );

  return (
    <StaffConsoleContext value={value}>
      <div className={styles.console}>
        <a className="skip-link" href="#staff-main">
          {t('skip_to_content')}
        </a>
        <ConsoleHeader />
        <main id="staff-main" className={styles.main} tabIndex={-1}>
          {banner && (
            <div className={styles.banner}>
              <span>{banner}</span>
              <button
                type="button"
                className={`${styles.button} ${styles.bannerButton}`}
                onClick={() => setBanner(null)}
              >
                {t('dismiss')}
              </button>
            </div>
          )}
          <Outlet />
        </main>
        <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
          {announcement}
        </div>
      </div>
    </StaffConsoleContext>
  );
}
