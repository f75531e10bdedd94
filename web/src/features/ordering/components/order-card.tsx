import type { Order } from '@tablo/contract/order';
import { ChoiceLines } from '../../../components/choice-lines/choice-lines.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { shownOrderChoices } from '../../../lib/order-choices.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { OrderAgain } from './order-again.tsx';
import styles from './ordering.module.css';

/** One order: status label, items with notes, the order's note and total (spec §4 statuses). */
export function OrderCard({ order, showOwner = false }: { order: Order; showOwner?: boolean }) {
  const { t } = useTranslation('orders');
  const { language } = useLanguage();
  const headingId = `order-${order.id}-title`;
  const time = new Intl.DateTimeFormat(language === 'cz' ? 'cs' : language === 'si' ? 'sl' : language, {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(order.createdAt));
  return (
    <article className={styles.order} aria-labelledby={headingId} data-order-id={order.id}>
      <div className={styles.orderHead}>
        <h3 id={headingId} className={styles.orderTitle}>
          {t('order_number', { id: order.id })}
        </h3>
        <span
          className={`${styles.status} ${styles[`status${order.status}`] ?? ''}`}
          data-status={order.status}
        >
          {t(`status_${order.status}`)}
        </span>
      </div>
      <p className={styles.muted}>
        {t('placed_at', { time })}
        {showOwner && ` · ${order.isMine ? t('table:ordered_by_me') : t('table:ordered_by_others')}`}
      </p>
      {order.status === 'REJECTED' && order.rejectReason && (
        <p className={styles.problem}>{t('reject_reason', { reason: order.rejectReason })}</p>
      )}
      <ul className={styles.summary}>
        {order.items.map((item) => {
          const title = pickTitle(item.titles, language, t('untitled'));
          return (
            <li key={item.id} className={styles.summaryLine}>
              <span>
                {item.quantity} × {title}
                {item.note && <span className={styles.muted}> — {item.note}</span>}
                <ChoiceLines
                  choices={shownOrderChoices(item.choices, language, t('untitled'))}
                  language={language}
                />
              </span>
              <span>{formatPrice(item.lineTotal, language)}</span>
            </li>
          );
        })}
      </ul>
      {order.note && <p className={styles.muted}>{t('order_note', { note: order.note })}</p>}
      {showOwner && order.isMine && order.status !== 'REJECTED' && <OrderAgain order={order} />}
      <p className={styles.totalRow}>
        <span>{t('total')}</span>
        <span>{formatPrice(order.total, language)}</span>
      </p>
    </article>
  );
}
