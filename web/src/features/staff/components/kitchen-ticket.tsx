import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import type { Order } from '@tablo/contract/order';
import { createPortal } from 'react-dom';
import { shownOrderChoices } from '../../../lib/order-choices.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './staff-printing.module.css';

/**
 * Issue 28, a kitchen without a thermal printer: the order's ticket as the browser prints it — table, order
 * number, time, each line with its quantity, its choices and its note under it, in large type on 80 mm paper.
 * Rendered straight into <body> while printing: the print styles show it alone (staff-printing.module.css).
 */
export function KitchenTicket({ order, tableNumber }: { order: Order; tableNumber: number }) {
  const { t } = useTranslation('printing');
  const { language } = useLanguage();
  const time = new Intl.DateTimeFormat(toBcp47(language as LanguageCode), {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(order.createdAt));
  return createPortal(
    <section
      className={styles.sheet}
      data-kitchen-ticket={order.id}
      aria-label={t('ticket_label', { id: order.id })}
    >
      <div className={styles.ticketHead}>
        <p className={styles.ticketTable}>{t('ticket_table', { table: tableNumber })}</p>
        <p className={styles.ticketMeta}>
          {t('ticket_order', { id: order.id })} · <time dateTime={order.createdAt}>{time}</time>
        </p>
      </div>
      {order.note && <p className={styles.ticketNote}>{t('ticket_note', { note: order.note })}</p>}
      <ul className={styles.ticketLines}>
        {order.items.map((item) => (
          <li key={item.id} className={styles.ticketLine}>
            {item.quantity} × {pickTitle(item.titles, language, t('untitled'))}
            {shownOrderChoices(item.choices, language, t('untitled')).map((choice) => (
              <span key={choice.optionId} className={styles.ticketDetail}>
                {choice.quantity > 1 ? `${choice.quantity} × ${choice.title}` : choice.title}
              </span>
            ))}
            {item.note && (
              <span className={styles.ticketDetail}>{t('ticket_note', { note: item.note })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>,
    document.body,
  );
}
