import type { AllergenType } from '@tablo/contract/allergens';
import { useTranslation } from '../../../../lib/texts/use-texts.tsx';
import type { DialogChoicesState } from '../../hooks/use-dialog-choices.ts';
import styles from './option-groups.module.css';
import { OptionGroups } from './option-groups.tsx';

type DialogChoicesPartProps = { choices: DialogChoicesState; avoid: readonly AllergenType[] };

/**
 * The dialog's choices, loaded as their own chunk with the groups (issue 27: not in the menu's first
 * screen): loading, a failure to retry, the groups, and the alert that says the choice is not complete.
 */
export function DialogChoicesPart({ choices, avoid }: DialogChoicesPartProps) {
  const { t } = useTranslation(['choices', 'menu']);
  if (choices.status === 'pending') return <p className={styles.hint}>{t('loading')}</p>;
  if (choices.status === 'error' && choices.groups.length === 0) {
    return (
      <p className={styles.error} role="alert">
        {t('load_failed')}{' '}
        <button type="button" onClick={choices.retry}>
          {t('menu:retry')}
        </button>
      </p>
    );
  }
  return (
    <>
      <OptionGroups
        groups={choices.groups}
        selections={choices.selections}
        onChange={choices.setSelections}
        problems={choices.shownProblems}
        avoid={avoid}
      />
      <p className={styles.error} role="alert" data-choices-alert="">
        {choices.shownProblems.length > 0 ? t('incomplete') : ''}
      </p>
    </>
  );
}
