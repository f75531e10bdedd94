import type { LanguageCode } from '@tablo/contract/language-list';
import { formatPrice } from '../../lib/format-price.ts';
import type { ShownChoice } from '../../lib/order-choices.ts';
import styles from './choice-lines.module.css';

type ChoiceLinesProps = {
  choices: readonly ShownChoice[];
  language: LanguageCode;
  /** The staff's views leave the prices out: the kitchen reads what to make. */
  prices?: boolean;
  large?: boolean;
};

/** Issue 27: the choices under a line — "2 × Oat milk +400 Ft", "Without onions" — in the cart, orders, board. */
export function ChoiceLines({ choices, language, prices = true, large = false }: ChoiceLinesProps) {
  if (choices.length === 0) return null;
  return (
    <ul className={large ? `${styles.choices} ${styles.large}` : styles.choices} data-choices="">
      {choices.map((choice) => (
        <li key={choice.optionId} data-choice={choice.optionId}>
          {choice.quantity > 1 && <span className={styles.quantity}>{choice.quantity} × </span>}
          {choice.title}
          {prices && choice.extra > 0 && (
            <span className={styles.extra}> +{formatPrice(choice.extra, language)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
