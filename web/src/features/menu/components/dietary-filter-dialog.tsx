import type { AllergenType } from '@tablo/contract/allergens';
import { useId } from 'react';
import { AllergenBadge } from '../../../components/allergen-badge/allergen-badge.tsx';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useModalDialog } from '../../../lib/use-modal-dialog.ts';
import {
  AVOIDABLE_ALLERGENS,
  type DietaryPreferences,
  NO_DIETARY_PREFERENCES,
} from '../utils/dietary-filter.ts';
import styles from './dietary-filter-dialog.module.css';

type DietaryFilterDialogProps = {
  preferences: DietaryPreferences;
  onChange: (next: DietaryPreferences) => void;
  onClose: () => void;
};

/** The diner's dietary filter: allergens to avoid, vegan only, and whether to hide or grey out. */
export function DietaryFilterDialog({ preferences, onChange, onClose }: DietaryFilterDialogProps) {
  const { t } = useTranslation('menu');
  const dialog = useModalDialog(onClose);
  const titleId = useId();
  const introId = useId();
  const avoided = new Set<AllergenType>(preferences.avoid);

  const toggleAllergen = (type: Exclude<AllergenType, 'VEGAN'>, checked: boolean) => {
    const avoid = AVOIDABLE_ALLERGENS.filter((candidate) =>
      candidate === type ? checked : avoided.has(candidate),
    );
    onChange({ ...preferences, avoid });
  };

  return (
    <dialog {...dialog} className={styles.dialog} aria-labelledby={titleId} aria-describedby={introId}>
      <form
        className={styles.form}
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
        }}
      >
        <h2 className={styles.title} id={titleId}>
          {t('dietary_filter')}
        </h2>
        <p className={styles.intro} id={introId}>
          {t('dietary_intro')}
        </p>
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={preferences.veganOnly}
            onChange={(event) => onChange({ ...preferences, veganOnly: event.target.checked })}
          />
          <AllergenBadge type="VEGAN" size={24} decorative />
          <span>{t('vegan_only')}</span>
        </label>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('avoid_allergens')}</legend>
          <div className={styles.allergens}>
            {AVOIDABLE_ALLERGENS.map((type) => (
              <label key={type} className={styles.option}>
                <input
                  type="checkbox"
                  checked={avoided.has(type)}
                  onChange={(event) => toggleAllergen(type, event.target.checked)}
                />
                <AllergenBadge type={type} size={24} decorative />
                <span>{t(`allergen.${type}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className={`${styles.option} ${styles.hide}`}>
          <input
            type="checkbox"
            checked={preferences.hideConflicting}
            onChange={(event) => onChange({ ...preferences, hideConflicting: event.target.checked })}
          />
          <span>{t('hide_unsuitable')}</span>
        </label>
        <p className={styles.disclaimer}>{t('dietary_disclaimer')}</p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() =>
              onChange({ ...NO_DIETARY_PREFERENCES, hideConflicting: preferences.hideConflicting })
            }
          >
            {t('clear_all')}
          </button>
          <button type="submit" className={styles.primary}>
            {t('done')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
