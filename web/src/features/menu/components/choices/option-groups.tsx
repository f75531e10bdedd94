import type { AllergenType } from '@tablo/contract/allergens';
import type { ChoiceProblem, ChoiceSelection } from '@tablo/contract/choices';
import type { MenuOptionGroup } from '@tablo/contract/menu-options';
import { useId } from 'react';
import type { TFunction } from '../../../../lib/texts/texts.ts';
import { useTranslation } from '../../../../lib/texts/use-texts.tsx';
import type { Translate } from '../../hooks/use-translated.ts';
import { GroupOption } from './group-option.tsx';
import styles from './option-groups.module.css';
import { problemText } from './problem-text.ts';

export type OptionGroupsProps = {
  groups: readonly MenuOptionGroup[];
  selections: readonly ChoiceSelection[];
  onChange: (selections: ChoiceSelection[]) => void;
  /** Shown once the diner tried to add (empty until then). */
  problems: readonly ChoiceProblem[];
  /** The dietary filter's avoided allergens: options containing one are marked. */
  avoid: readonly AllergenType[];
  /** The dialog's text picker (spec §4's fallbacks). */
  translate: Translate;
};

/**
 * Issue 27: a dish's option groups — one choice (radio buttons), several (checkboxes) or a number of each
 * (steppers) — with what is required, each option's price and allergens, and what is missing.
 */
export function OptionGroups({
  groups,
  selections,
  onChange,
  problems,
  avoid,
  translate,
}: OptionGroupsProps) {
  const { t } = useTranslation(['choices', 'menu']);
  const chosen = new Map(selections.map((s) => [s.optionId, s.quantity]));
  const unknown = problems.filter((p) => p.groupId === null);
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <Group
          key={group.id}
          group={group}
          chosen={chosen}
          problems={problems.filter((p) => p.groupId === group.id)}
          avoid={avoid}
          translate={translate}
          onChange={(optionId, quantity) => onChange(update(group, selections, optionId, quantity))}
        />
      ))}
      {unknown.length > 0 && <p className={styles.error}>{t('problem_unknown')}</p>}
    </div>
  );
}

/** The selections after one option of `group` was set to `quantity` (a single choice replaces the other). */
function update(
  group: MenuOptionGroup,
  selections: readonly ChoiceSelection[],
  optionId: number,
  quantity: number,
): ChoiceSelection[] {
  const inGroup = new Set(group.options.map((o) => o.id));
  const kept = selections.filter((s) =>
    group.kind === 'SINGLE' ? !inGroup.has(s.optionId) : s.optionId !== optionId,
  );
  return quantity > 0 ? [...kept, { optionId, quantity }] : kept;
}

type GroupProps = {
  group: MenuOptionGroup;
  chosen: ReadonlyMap<number, number>;
  problems: readonly ChoiceProblem[];
  avoid: readonly AllergenType[];
  translate: Translate;
  onChange: (optionId: number, quantity: number) => void;
};

function Group({ group, chosen, problems, avoid, translate, onChange }: GroupProps) {
  const { t } = useTranslation(['choices', 'menu']);
  const text = translate(group.translations);
  const hintId = useId();
  const errorId = useId();
  const required = group.minChoices > 0;
  const count = group.options.reduce((sum, o) => sum + (chosen.get(o.id) ?? 0), 0);
  const optionTitle = (optionId: number | null) => {
    const option = group.options.find((o) => o.id === optionId);
    return option ? translate(option.translations).title : '';
  };
  const messages = problems.map((problem) => problemText(t, problem, text.title, group, optionTitle));
  const invalid = messages.length > 0;
  const noneChosen = group.kind === 'SINGLE' && !required && count === 0;

  return (
    <fieldset
      className={styles.group}
      data-group-id={group.id}
      data-problem={invalid || undefined}
      aria-describedby={invalid ? `${hintId} ${errorId}` : hintId}
    >
      <legend className={styles.legend}>
        <span lang={text.lang}>{text.title}</span>{' '}
        <span className={required ? styles.required : styles.optional}>
          {required ? t('required') : t('optional')}
        </span>
      </legend>
      <p id={hintId} className={styles.hint}>
        {rangeHint(t, group)}
        {group.freeChoices > 0 && ` · ${t('free_choices', { count: group.freeChoices })}`}
      </p>
      {invalid && (
        <p id={errorId} className={styles.error} data-choice-problem={group.id}>
          {messages.join(' ')}
        </p>
      )}
      <ul className={styles.options}>
        {group.kind === 'SINGLE' && !required && (
          <li className={styles.option}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={`group-${group.id}`}
                checked={noneChosen}
                onChange={() => {
                  const current = group.options.find((o) => chosen.has(o.id));
                  if (current) onChange(current.id, 0);
                }}
              />
              <span>{t('none')}</span>
            </label>
          </li>
        )}
        {group.options.map((option) => (
          <GroupOption
            key={option.id}
            group={group}
            option={option}
            quantity={chosen.get(option.id) ?? 0}
            groupFull={count >= group.maxChoices}
            invalid={invalid}
            avoid={avoid}
            translate={translate}
            onChange={(quantity) => onChange(option.id, quantity)}
          />
        ))}
      </ul>
    </fieldset>
  );
}

function rangeHint(t: TFunction, group: MenuOptionGroup) {
  if (group.kind === 'SINGLE') return t('choose_single');
  if (group.minChoices > 0 && group.minChoices === group.maxChoices)
    return t('choose_exactly', { count: group.minChoices });
  if (group.minChoices > 0) return t('choose_between', { min: group.minChoices, max: group.maxChoices });
  return t('choose_up_to', { count: group.maxChoices });
}
