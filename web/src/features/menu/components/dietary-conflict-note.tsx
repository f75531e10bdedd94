import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { DietaryConflict } from '../utils/dietary-filter.ts';
import styles from './dietary-conflict-note.module.css';

/** Why a dish does not suit the diner's filter: "Contains: Gluten, Milk", "Not vegan". */
export function DietaryConflictNote({ conflict }: { conflict: DietaryConflict }) {
  const { t } = useTranslation('menu');
  const parts: string[] = [];
  if (conflict.allergens.length > 0) {
    parts.push(
      t('contains', { allergens: conflict.allergens.map((type) => t(`allergen.${type}`)).join(', ') }),
    );
  }
  if (conflict.notVegan) parts.push(t('not_vegan'));
  return <span className={styles.note}>{parts.join(' · ')}</span>;
}
