import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './staff.module.css';

/**
 * One line of the staff menu screen, a dish or one of its choices: its title and price, whether it is
 * available, and the switch. `name` is the switch's accessible name, which starts with what it shows
 * (WCAG 2.5.3) and says what it is for; `data` marks the row for the journeys (`data-item`, `data-option`).
 */
export function AvailabilityRow({
  title,
  price,
  soldOut,
  disabled,
  name,
  data,
  onToggle,
  today,
}: {
  title: string;
  /** The price as shown (a dish's, or what a choice adds); null for none. */
  price: string | null;
  soldOut: boolean;
  disabled: boolean;
  name: string;
  data: Record<`data-${string}`, number>;
  onToggle: () => void;
  /**
   * Issue 28, dishes only: "Sold out for today" beside "Mark sold out" (its accessible name and action),
   * and, while sold out for today, the badge that says when it is back.
   */
  today?: { name: string; onSoldOutToday: () => void; badge: string | null };
}) {
  const { t } = useTranslation('staff');
  return (
    <li className={styles.menuRow} data-sold-out={soldOut} {...data}>
      <span>
        <strong>{title}</strong> {price !== null && <span className={styles.muted}>{price}</span>}
      </span>
      <span className={styles.actions}>
        <span className={styles.badge} data-off={soldOut}>
          {soldOut ? (today?.badge ?? t('sold_out')) : t('available')}
        </span>
        {today && !soldOut && (
          <button
            type="button"
            className={styles.button}
            disabled={disabled}
            onClick={today.onSoldOutToday}
            aria-label={today.name}
          >
            {t('mark_sold_out_today')}
          </button>
        )}
        <button
          type="button"
          className={soldOut ? styles.primaryButton : styles.button}
          disabled={disabled}
          onClick={onToggle}
          aria-label={name}
        >
          {soldOut ? t('mark_available') : t('mark_sold_out')}
        </button>
      </span>
    </li>
  );
}
