import { ALLERGEN_TYPES, type AllergenType } from '@tablo/contract/allergens';
import { OPTION_GROUP_KINDS, type OptionGroupKind } from '@tablo/contract/choices';
import { LANGUAGES } from '@tablo/contract/language-list';
import type { MenuFile } from '@tablo/contract/menu-import';
import { type FormEvent, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { EditorFailure } from '../api/menu-editor-api.ts';
import { type FieldErrors, fieldErrors } from '../utils/field-errors.ts';
import { AllergenChecks } from './allergen-checks.tsx';
import { translationsOf, valuesOf } from './entry-fields.ts';
import { FormActions } from './form-actions.tsx';
import styles from './menu-editor.module.css';
import { TranslationsTable } from './translations-table.tsx';

export type DraftOptionGroup = MenuFile['optionGroups'][number];
type Option = DraftOptionGroup['options'][number];
type OptionRow = {
  ref: string;
  titles: Record<string, string>;
  price: string;
  allergens: AllergenType[];
  isDefault: boolean;
  availabilityType: Option['availabilityType'];
};

const rowOf = (option: Option | null, ref: string): OptionRow => ({
  ref: option?.ref ?? ref,
  titles: Object.fromEntries(
    LANGUAGES.map((l) => [l.code, option?.translations.find((t) => t.isoCode === l.code)?.title ?? '']),
  ),
  price: String(option?.priceDelta ?? 0),
  allergens: option?.allergens ?? [],
  isDefault: option?.isDefault ?? false,
  availabilityType: option?.availabilityType ?? 'AVAILABLE',
});

/**
 * One option group (issue 27): its titles in the ten languages, kind and counts, and each option as a row —
 * its title per language, price difference, allergens (spec §3 order), default. Saved whole, with the draft
 * version it was filled from (409 on a stale save, like items).
 */
export function OptionGroupForm({
  group,
  baseVersion,
  notice,
  onSubmit,
  onCancel,
}: {
  group: DraftOptionGroup | null;
  baseVersion: number;
  /** Shown on opening: why the form was filled again (a stale save, with the group as it is now). */
  notice?: string | undefined;
  onSubmit: (body: unknown, baseVersion: number) => Promise<EditorFailure | null>;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  const [texts, setTexts] = useState(() => valuesOf(group ? { ...group, items: [] } : null, '').texts);
  const [kind, setKind] = useState<OptionGroupKind>(group?.kind ?? 'SINGLE');
  const [counts, setCounts] = useState({
    minChoices: String(group?.minChoices ?? 0),
    maxChoices: String(group?.maxChoices ?? 1),
    freeChoices: String(group?.freeChoices ?? 0),
  });
  const [isActive, setActive] = useState(group?.isActive ?? true);
  const [options, setOptions] = useState<OptionRow[]>(() =>
    group ? group.options.map((o) => rowOf(o, o.ref)) : [rowOf(null, 'option-1')],
  );
  const [errors, setErrors] = useState<FieldErrors>({ fields: {}, general: notice ? [notice] : [] });
  const [busy, setBusy] = useState(false);

  const setOption = (index: number, next: Partial<OptionRow>) =>
    setOptions((rows) => rows.map((row, i) => (i === index ? { ...row, ...next } : row)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : -1);
    const body = {
      kind,
      minChoices: number(counts.minChoices),
      maxChoices: number(counts.maxChoices),
      freeChoices: number(counts.freeChoices),
      isActive,
      translations: translationsOf(texts),
      options: options.map((row) => ({
        ref: row.ref,
        priceDelta: number(row.price),
        allergens: ALLERGEN_TYPES.filter((type) => row.allergens.includes(type)),
        availabilityType: row.availabilityType,
        isDefault: row.isDefault,
        translations: translationsOf(
          Object.fromEntries(
            Object.entries(row.titles).map(([code, title]) => [code, { title, description: '' }]),
          ),
        ),
      })),
    };
    setBusy(true);
    const failure = await onSubmit(body, baseVersion);
    setBusy(false);
    if (failure) setErrors(fieldErrors(failure.message));
  }

  const fieldError = (name: string) =>
    errors.fields[name] ? (
      <p id={`group-${name}-error`} className={ui.error}>
        {errors.fields[name].join('; ')}
      </p>
    ) : null;
  const described = (name: string) => (errors.fields[name] ? `group-${name}-error` : undefined);

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby="group-form-title">
      <h2 id="group-form-title" className={ui.subtitle}>
        {t(group ? 'edit_choice_group' : 'new_choice_group')}
      </h2>
      {errors.general.length > 0 && (
        <div role="alert" className={ui.error}>
          {errors.general.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <TranslationsTable
        texts={texts}
        idPrefix="group-"
        errors={errors.fields.translations}
        onChange={(code, field, value) =>
          setTexts((current) => ({
            ...current,
            [code]: { title: '', description: '', ...current[code], [field]: value },
          }))
        }
      />
      <div className={styles.itemFields}>
        <div className={ui.field}>
          <label htmlFor="group-kind">{t('choice_kind')}</label>
          <select
            id="group-kind"
            className={ui.input}
            value={kind}
            onChange={(event) => setKind(event.target.value as OptionGroupKind)}
          >
            {OPTION_GROUP_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`choice_kind_${value}`)}
              </option>
            ))}
          </select>
        </div>
        {(['minChoices', 'maxChoices', 'freeChoices'] as const).map((name) => (
          <div key={name} className={ui.field}>
            <label htmlFor={`group-${name}`}>{t(`choice_${name}`)}</label>
            <input
              id={`group-${name}`}
              className={ui.input}
              inputMode="numeric"
              value={counts[name]}
              aria-invalid={errors.fields[name] ? true : undefined}
              aria-describedby={described(name)}
              onChange={(event) => setCounts((current) => ({ ...current, [name]: event.target.value }))}
            />
            {fieldError(name)}
          </div>
        ))}
      </div>
      <fieldset className={styles.fieldset} aria-describedby={described('options')}>
        <legend>{t('choice_options')}</legend>
        {fieldError('options')}
        {options.map((row, index) => (
          <fieldset key={row.ref} className={styles.fieldset}>
            <legend>{t('choice_option_n', { n: index + 1 })}</legend>
            <div className={styles.languages}>
              {LANGUAGES.map((language) => (
                <div key={language.code} className={styles.language}>
                  <label htmlFor={`option-${index}-${language.code}`}>
                    {t('title_in', { language: language.label })}
                  </label>
                  <input
                    id={`option-${index}-${language.code}`}
                    className={ui.input}
                    lang={language.bcp47}
                    value={row.titles[language.code] ?? ''}
                    onChange={(event) =>
                      setOption(index, { titles: { ...row.titles, [language.code]: event.target.value } })
                    }
                  />
                </div>
              ))}
            </div>
            <div className={ui.field}>
              <label htmlFor={`option-${index}-price`}>{t('choice_price')}</label>
              <input
                id={`option-${index}-price`}
                className={ui.input}
                inputMode="numeric"
                value={row.price}
                onChange={(event) => setOption(index, { price: event.target.value })}
              />
            </div>
            <AllergenChecks value={row.allergens} onChange={(allergens) => setOption(index, { allergens })} />
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={row.isDefault}
                onChange={(event) => setOption(index, { isDefault: event.target.checked })}
              />
              {t('choice_default')}
            </label>
            <button
              type="button"
              className={ui.button}
              onClick={() => setOptions((rows) => rows.filter((_, i) => i !== index))}
            >
              {t('choice_remove_option', { n: index + 1 })}
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className={ui.button}
          onClick={() =>
            setOptions((rows) => {
              let n = rows.length + 1;
              while (rows.some((row) => row.ref === `option-${n}`)) n += 1;
              return [...rows, rowOf(null, `option-${n}`)];
            })
          }
        >
          {t('choice_add_option')}
        </button>
      </fieldset>
      <label className={styles.check}>
        <input type="checkbox" checked={isActive} onChange={(event) => setActive(event.target.checked)} />
        {t('active')}
      </label>
      <FormActions busy={busy} onCancel={onCancel} />
    </form>
  );
}
