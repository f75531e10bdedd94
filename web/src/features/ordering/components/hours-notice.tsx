import type { PublicHours } from '@tablo/contract/hours';
import { orderingStateAt } from '@tablo/contract/hours-rule';
import { orderingClosedText } from '@tablo/contract/hours-texts';
import { intlWallClock } from '@tablo/contract/intl-wall-clock';
import { Clock } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './ordering.module.css';

/** The longest wait between two readings of the clock (a phone that slept catches up within it). */
const MAX_WAIT_MS = 60_000;
const systemNow = () => new Date();

/**
 * Outside the opening hours (issue 28, decision 074): says when ordering opens, and tells the ordering
 * provider, which then offers no "Add" and no cart. Loaded lazily, only for a restaurant with hours; computed
 * in the browser with Intl in the restaurant's zone and read again at the next opening or closing. The
 * server decides anyway: an order it refuses says the same sentence.
 */
export function HoursNotice({
  hours,
  onClosed,
  now = systemNow,
}: {
  hours: PublicHours;
  onClosed: (text: string | null) => void;
  now?: () => Date;
}) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const clock = useMemo(() => intlWallClock(hours.timeZone), [hours.timeZone]);
  const [instant, setInstant] = useState(now);
  const state = orderingStateAt(instant, hours, clock);
  const text = state.open ? null : orderingClosedText(language, state.until, instant, hours.timeZone);

  useEffect(() => {
    const wait = state.until ? state.until.getTime() - instant.getTime() + 100 : MAX_WAIT_MS;
    const timer = setTimeout(() => setInstant(now()), Math.max(1000, Math.min(wait, MAX_WAIT_MS)));
    return () => clearTimeout(timer);
  }, [state.until, instant, now]);

  useEffect(() => {
    onClosed(text);
  }, [text, onClosed]);
  useEffect(() => () => onClosed(null), [onClosed]);

  if (!text) return null;
  return (
    <div className={styles.notice} role="status" data-ordering-notice="hours">
      <Clock className={styles.noticeIcon} size={22} aria-hidden="true" />
      <div>
        <p className={styles.noticeTitle}>{text}</p>
        <p className={styles.noticeHint}>{t('hours_hint')}</p>
      </div>
    </div>
  );
}
