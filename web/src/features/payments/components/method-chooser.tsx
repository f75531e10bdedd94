import type { PaymentMethod } from '@tablo/contract/payment';
import { useId } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './payments.module.css';

/** The method texts of the payment namespace, per method. */
export const METHOD_TEXT = { CASH: 'method_cash', CARD: 'method_card', ONLINE: 'method_online' } as const;

type MethodChooserProps = {
  methods: readonly PaymentMethod[];
  value: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
};

/** DESIGN §7: the methods the restaurant offers — the waiter by cash or card, or online. */
export function MethodChooser({ methods, value, onChange }: MethodChooserProps) {
  const { t } = useTranslation('payment');
  const name = useId();
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{t('payment_methods')}</legend>
      {methods.map((method) => (
        <label key={method} className={styles.choice}>
          <input
            type="radio"
            name={name}
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
          />
          <span>{t(METHOD_TEXT[method])}</span>
        </label>
      ))}
    </fieldset>
  );
}
