import { MAX_TIP, TIP_PERCENTAGES } from '@tablo/contract/payment';
import { useId } from 'react';
import { formatPrice } from '../../../lib/format-price.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { type CustomTip, tipForPercent } from '../utils/selection.ts';
import styles from './payments.module.css';

export type TipChoice =
  | { kind: 'none' }
  | { kind: 'percent'; percent: number }
  | { kind: 'custom'; text: string };

type TipChooserProps = {
  amount: number;
  value: TipChoice;
  onChange: (value: TipChoice) => void;
  /** The custom amount as parsed (its error is shown under the field). */
  custom: CustomTip;
};

/** An optional tip: none, a few percentages of the amount (whole forints), or an amount typed in. */
export function TipChooser({ amount, value, onChange, custom }: TipChooserProps) {
  const { t } = useTranslation('payment');
  const { language } = useLanguage();
  const name = useId();
  const inputId = useId();
  const errorId = useId();
  const customText = value.kind === 'custom' ? value.text : '';
  const error = value.kind === 'custom' && !custom.ok ? custom.error : null;
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.legend}>{t('tip')}</legend>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={value.kind === 'none'}
          onChange={() => onChange({ kind: 'none' })}
        />
        <span>{t('tip_none')}</span>
      </label>
      {TIP_PERCENTAGES.map((percent) => (
        <label key={percent} className={styles.choice}>
          <input
            type="radio"
            name={name}
            checked={value.kind === 'percent' && value.percent === percent}
            onChange={() => onChange({ kind: 'percent', percent })}
          />
          <span>
            {t('tip_percent', { percent, amount: formatPrice(tipForPercent(amount, percent), language) })}
          </span>
        </label>
      ))}
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={value.kind === 'custom'}
          onChange={() => onChange({ kind: 'custom', text: customText })}
        />
        <span>{t('tip_custom')}</span>
      </label>
      {value.kind === 'custom' && (
        <div className={styles.customTip}>
          <label htmlFor={inputId}>{t('tip_custom_label')}</label>
          <input
            id={inputId}
            className={styles.input}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={customText}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => onChange({ kind: 'custom', text: event.target.value })}
          />
          {error && (
            <p id={errorId} className={styles.fieldError}>
              {error === 'format'
                ? t('tip_invalid')
                : t('tip_too_large', { max: formatPrice(MAX_TIP, language) })}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
