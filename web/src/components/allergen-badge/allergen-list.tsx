import { sortAllergens } from '@tablo/contract/allergen-order';
import type { Allergen } from '@tablo/contract/allergens';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { AllergenBadge } from './allergen-badge.tsx';
import styles from './allergen-list.module.css';

type AllergenListProps = {
  allergens: readonly Allergen[];
  /** Show each allergen's name beside its badge (the legend in a dish's details). */
  withNames?: boolean;
  size?: number;
};

/** The dish's allergens, always in the specification's display order (spec §3). */
export function AllergenList({ allergens, withNames = false, size }: AllergenListProps) {
  const { t } = useTranslation('menu');
  if (allergens.length === 0) return null;
  return (
    <ul className={withNames ? styles.legend : styles.badges} aria-label={t('allergens')}>
      {sortAllergens(allergens).map(({ type }) => (
        <li key={type} className={styles.entry}>
          <AllergenBadge type={type} size={size ?? (withNames ? 28 : 22)} />
          {withNames && <span className={styles.name}>{t(`allergen.${type}`)}</span>}
        </li>
      ))}
    </ul>
  );
}
