import { ALLERGEN_TYPES, type AllergenType } from '@tablo/contract/allergens';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './menu-editor.module.css';

/**
 * The allergens of a dish or of one of its choices: a checkbox each, in the specification's order (§4), the
 * checked ones given back in the order they were checked. `error` shows under the legend (a field's error).
 */
export function AllergenChecks({
  value,
  onChange,
  describedBy,
  error,
}: {
  value: readonly AllergenType[];
  onChange: (allergens: AllergenType[]) => void;
  describedBy?: string;
  error?: ReactNode;
}) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy}>
      <legend>{t('menu:allergens')}</legend>
      {error}
      <div className={styles.checks}>
        {ALLERGEN_TYPES.map((type) => (
          <label key={type} className={styles.check}>
            <input
              type="checkbox"
              checked={value.includes(type)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, type] : value.filter((a) => a !== type))
              }
            />
            {t(`menu:allergen.${type}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
