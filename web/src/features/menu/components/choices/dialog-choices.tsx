import type { AllergenType } from '@tablo/contract/allergens';
import type { MenuItem } from '@tablo/contract/menu';
import { useEffect, useRef } from 'react';
import type { DialogChoices } from '../../../../lib/dish-actions.ts';
import { useTranslation } from '../../../../lib/texts/use-texts.tsx';
import { useDialogChoices } from '../../hooks/use-dialog-choices.ts';
import type { Translate } from '../../hooks/use-translated.ts';
import styles from './option-groups.module.css';
import { OptionGroups } from './option-groups.tsx';

type DialogChoicesPartProps = {
  item: MenuItem;
  shortName: string;
  avoid: readonly AllergenType[];
  translate: Translate;
  onDone: () => void;
  /** The state the dialog's price and its "Add" read, each time it changes. */
  onState: (choices: DialogChoices) => void;
};

/**
 * The dialog's choices, a chunk of their own that loads with the groups (issue 27: not in the menu's first
 * screen): loading, a failure to retry, the groups, and the alert that says the choice is not complete.
 */
export function DialogChoicesPart({
  item,
  shortName,
  avoid,
  translate,
  onDone,
  onState,
}: DialogChoicesPartProps) {
  const { t } = useTranslation(['choices', 'menu']);
  const choices = useDialogChoices(item, shortName, avoid, onDone);
  const confirm = useRef(choices.confirm);
  confirm.current = choices.confirm;
  const { selections, unitPrice, ready } = choices;
  useEffect(() => {
    onState({ selections, unitPrice, ready, confirm: () => confirm.current(), done: onDone });
  }, [selections, unitPrice, ready, onDone, onState]);

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
    <div ref={choices.root} className={styles.groups}>
      <OptionGroups
        groups={choices.groups}
        selections={selections}
        onChange={choices.setSelections}
        problems={choices.shownProblems}
        avoid={avoid}
        translate={translate}
      />
      <p className={styles.error} role="alert" data-choices-alert="">
        {choices.shownProblems.length > 0 ? t('incomplete') : ''}
      </p>
    </div>
  );
}
