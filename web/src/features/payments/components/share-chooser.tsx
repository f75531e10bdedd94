import { MAX_SHARES, type PayableResponse } from '@tablo/contract/payment';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { openShares, sharePlan } from '../utils/selection.ts';
import styles from './payments.module.css';
import { Stepper } from './stepper.tsx';

type ShareChooserProps = {
  payable: PayableResponse;
  shares: number;
  count: number;
  onChange: (shares: number, count: number) => void;
};

/**
 * "Divide equally" (decision 019): N exact shares of what is left, pay k of them. With a split already open
 * its N is fixed: the diner pays k of the shares nobody has paid or is paying.
 */
export function ShareChooser({ payable, shares, count, onChange }: ShareChooserProps) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const split = payable.split;
  const price = (amount: number) => formatPrice(amount, language);
  const plan = sharePlan(payable, shares, count);

  if (split) {
    const open = openShares(split);
    return (
      <div className={styles.panel} data-split-open="">
        <p>{t('split_open', { shares: split.shares, amount: price(split.amount) })}</p>
        <p className={styles.muted}>
          {t('split_progress', { paid: split.paidShares, reserved: split.reservedShares, open })}
        </p>
        {open === 0 ? (
          <p className={styles.note}>{t('no_shares_left')}</p>
        ) : (
          <>
            <p>{t('next_share', { amount: price(split.nextShareAmount) })}</p>
            <Stepper
              label={t('shares_to_pay')}
              value={count}
              min={1}
              max={open}
              onChange={(next) => onChange(split.shares, next)}
              decreaseLabel={t('pay_fewer_shares')}
              increaseLabel={t('pay_more_shares')}
              display={t('shares_of', { count, shares: split.shares })}
            />
          </>
        )}
        <p className={styles.muted}>{t('split_later_items')}</p>
      </div>
    );
  }

  return (
    <div className={styles.panel}>
      <p>{t('split_new', { amount: price(payable.leftAmount) })}</p>
      <div className={styles.stepperRow}>
        <span aria-hidden="true">{t('share_count')}</span>
        <Stepper
          label={t('share_count')}
          value={shares}
          min={2}
          max={MAX_SHARES}
          onChange={(next) => onChange(next, Math.min(count, next))}
          decreaseLabel={t('fewer_shares')}
          increaseLabel={t('more_shares')}
        />
      </div>
      <div className={styles.stepperRow}>
        <span aria-hidden="true">{t('shares_to_pay')}</span>
        <Stepper
          label={t('shares_to_pay')}
          value={count}
          min={1}
          max={shares}
          onChange={(next) => onChange(shares, next)}
          decreaseLabel={t('pay_fewer_shares')}
          increaseLabel={t('pay_more_shares')}
          display={t('shares_of', { count, shares })}
        />
      </div>
      <p>{t('share_amount', { amount: price(plan.perShare) })}</p>
    </div>
  );
}
