import { sortAllergens } from '@tablo/contract/allergen-order';
import type { AllergenType } from '@tablo/contract/allergens';
import { MAX_CHOICE_QUANTITY } from '@tablo/contract/choices';
import type { MenuOption, MenuOptionGroup } from '@tablo/contract/menu-options';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import { formatPrice } from '../../../../lib/format-price.ts';
import { useTranslation } from '../../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../../providers/language.tsx';
import type { Translate } from '../../hooks/use-translated.ts';
import styles from './option-groups.module.css';

type GroupOptionProps = {
  group: MenuOptionGroup;
  option: MenuOption;
  quantity: number;
  /** The group holds its maximum: nothing more can be ticked or added. */
  groupFull: boolean;
  invalid: boolean;
  avoid: readonly AllergenType[];
  translate: Translate;
  onChange: (quantity: number) => void;
};

/** One option: its control, title, price difference, allergens, sold out, and what the diner avoids. */
export function GroupOption({
  group,
  option,
  quantity,
  groupFull,
  invalid,
  avoid,
  translate,
  onChange,
}: GroupOptionProps) {
  const { t } = useTranslation(['choices', 'menu']);
  const { language } = useLanguage();
  const text = translate(option.translations);
  const soldOut = option.availabilityType === 'SOLD_OUT';
  const allergens = sortAllergens(option.allergens).map((a) => a.type);
  const avoided = allergens.filter((type) => avoid.includes(type));
  const names = (types: readonly AllergenType[]) =>
    types.map((type) => t(`menu:allergen.${type}`)).join(', ');
  const details = (
    <>
      <span className={styles.optionTitle} lang={text.lang}>
        {text.title}
      </span>
      {option.priceDelta > 0 && (
        <span className={styles.delta}>+{formatPrice(option.priceDelta, language)}</span>
      )}
      {soldOut && <span className={styles.soldOut}>{t('sold_out')}</span>}
      {allergens.length > 0 && (
        <span className={styles.allergens}>{t('menu:contains', { allergens: names(allergens) })}</span>
      )}
      {avoided.length > 0 && (
        <span className={styles.avoid} data-avoid={option.id}>
          {t('avoid_option', { allergens: names(avoided) })}
        </span>
      )}
    </>
  );

  if (group.kind === 'QUANTITY') {
    return (
      <li className={styles.option} data-option={option.id} data-sold-out={soldOut || undefined}>
        <span className={styles.details}>{details}</span>
        <span className={styles.stepper}>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('fewer', { option: text.title })}
            aria-invalid={invalid || undefined}
            disabled={quantity === 0}
            onClick={() => onChange(quantity - 1)}
          >
            <Minus size={16} aria-hidden="true" />
          </button>
          <output
            className={styles.count}
            aria-live="polite"
            aria-label={t('quantity_of', { option: text.title })}
          >
            {quantity}
          </output>
          <button
            type="button"
            className={styles.stepButton}
            aria-label={t('more', { option: text.title })}
            aria-invalid={invalid || undefined}
            disabled={soldOut || groupFull || quantity >= MAX_CHOICE_QUANTITY}
            onClick={() => onChange(quantity + 1)}
          >
            <Plus size={16} aria-hidden="true" />
          </button>
        </span>
      </li>
    );
  }

  const checked = quantity > 0;
  return (
    <li className={styles.option} data-option={option.id} data-sold-out={soldOut || undefined}>
      <label className={styles.choice}>
        <input
          type={group.kind === 'SINGLE' ? 'radio' : 'checkbox'}
          name={`group-${group.id}`}
          checked={checked}
          // A sold-out option cannot be chosen; one already chosen can still be taken off.
          disabled={(soldOut && !checked) || (group.kind === 'MULTIPLE' && groupFull && !checked)}
          aria-invalid={invalid || undefined}
          onChange={(event) => onChange(event.target.checked ? 1 : 0)}
        />
        <span className={styles.details}>{details}</span>
      </label>
    </li>
  );
}
