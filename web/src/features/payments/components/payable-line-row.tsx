import type { PayableLine } from '@tablo/contract/payment';
import { ChoiceLines } from '../../../components/choice-lines/choice-lines.tsx';
import { formatPrice } from '../../../lib/format-price.ts';
import { shownOrderChoices } from '../../../lib/order-choices.ts';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './payments.module.css';
import { Stepper } from './stepper.tsx';

type PayableLineRowProps = {
  line: PayableLine;
  /** Units of this line marked for payment. */
  picked: number;
  /** Hand-picking is on (the "chosen items" way of paying). */
  selectable: boolean;
  onPick: (quantity: number) => void;
};

/** One order line: price per piece, what is paid or being paid by someone else, and how many units I pay. */
export function PayableLineRow({ line, picked, selectable, onPick }: PayableLineRowProps) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const title = pickTitle(line.titles, language, t('untitled'));
  const facts = [
    t('per_piece', { price: formatPrice(line.unitPrice, language) }),
    t('line_ordered', { count: line.quantity }),
    line.paidQuantity > 0 ? t('line_paid', { count: line.paidQuantity }) : null,
    line.reservedQuantity > 0 ? t('line_reserved', { count: line.reservedQuantity }) : null,
    line.isMine ? t('ordered_by_me') : null,
  ].filter((fact) => fact !== null);
  let state: 'free' | 'paid' | 'reserved' = 'free';
  if (line.freeQuantity === 0) state = line.reservedQuantity > 0 ? 'reserved' : 'paid';
  return (
    <li className={styles.line} data-payable-line={line.orderItemId} data-state={state}>
      <div className={styles.lineHead}>
        <p className={styles.lineTitle}>{title}</p>
        {picked > 0 && <p className={styles.lineAmount}>{formatPrice(picked * line.unitPrice, language)}</p>}
      </div>
      <ChoiceLines choices={shownOrderChoices(line.choices, language, t('untitled'))} language={language} />
      <p className={styles.muted}>{facts.join(' · ')}</p>
      {state === 'free' ? (
        selectable && (
          <Stepper
            label={t('pay_quantity_of', { title })}
            value={picked}
            min={0}
            max={line.freeQuantity}
            onChange={onPick}
            decreaseLabel={t('pay_one_less', { title })}
            increaseLabel={t('pay_one_more', { title })}
            display={t('picked_of_free', { picked, free: line.freeQuantity })}
          />
        )
      ) : (
        <p className={state === 'paid' ? styles.badgePaid : styles.badgeReserved}>
          {t(state === 'paid' ? 'line_fully_paid' : 'line_fully_reserved')}
        </p>
      )}
    </li>
  );
}
