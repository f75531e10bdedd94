import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { DietaryPreferences } from '../utils/dietary-filter.ts';
import styles from './dietary-filter-button.module.css';

type DietaryFilterButtonProps = { preferences: DietaryPreferences; onClick: () => void };

export function DietaryFilterButton({ preferences, onClick }: DietaryFilterButtonProps) {
  const { t } = useTranslation('menu');
  const count = preferences.avoid.length + (preferences.veganOnly ? 1 : 0);
  return (
    <button
      type="button"
      className={styles.button}
      aria-haspopup="dialog"
      aria-label={count > 0 ? t('dietary_filter_active', { count }) : t('dietary_filter')}
      data-active={count > 0 || undefined}
      onClick={onClick}
    >
      <SlidersHorizontal className={styles.icon} aria-hidden="true" />
      <span className={styles.label} aria-hidden="true">
        {t('dietary_filter')}
      </span>
      {/* WCAG 2.5.3: the visible words read "Dietary filter 1", as the name begins; a flex box draws no space. */}
      {count > 0 && ' '}
      {count > 0 && (
        <span className={styles.count} aria-hidden="true">
          {count}
        </span>
      )}
    </button>
  );
}
