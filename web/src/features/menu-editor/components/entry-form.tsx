import { AVAILABILITY_TYPES, type AvailabilityType, type VatKey } from '@tablo/contract/menu';
import { type FormEvent, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { EditorFailure } from '../api/menu-editor-api.ts';
import { type FieldErrors, fieldErrors } from '../utils/field-errors.ts';
import { AllergenChecks } from './allergen-checks.tsx';
import { ConflictNotice } from './conflict-notice.tsx';
import { type DraftCategory, type DraftItem, type EntryValues, valuesOf } from './entry-fields.ts';
import { FormActions } from './form-actions.tsx';
import { ItemPreview } from './item-preview.tsx';
import styles from './menu-editor.module.css';
import { PictureField } from './picture-field.tsx';
import { TranslationsTable } from './translations-table.tsx';

type Entry = DraftCategory | DraftItem;

/**
 * One category or item: the ten languages, and for an item its price, VAT key, allergens (spec §3 order),
 * availability and active flag, with the diner's preview. The save sends the draft version the form was
 * filled from, so a change someone else made meanwhile is answered with 409, never overwritten.
 */
export function EntryForm({
  kind,
  entry,
  baseVersion,
  vatKeys,
  optionGroups = [],
  onSubmit,
  onCancel,
  onConflictReloaded,
  onUploadPicture,
}: {
  kind: 'category' | 'item';
  entry: Entry | null;
  baseVersion: number;
  vatKeys: readonly VatKey[];
  /** The draft's option groups (issue 27): an item ticks the ones it offers. */
  optionGroups?: readonly { ref: string; title: string }[];
  onSubmit: (values: EntryValues, baseVersion: number) => Promise<EditorFailure | null>;
  onCancel: () => void;
  onConflictReloaded: () => void;
  /** An existing item's picture: the new address and the draft version that now holds it. */
  onUploadPicture?: (
    file: File,
    baseVersion: number,
  ) => Promise<EditorFailure | { ok: true; imageUrl: string | null; version: number }>;
}) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  const defaultVat = vatKeys[0]?.code ?? '';
  const [values, setValues] = useState(() => valuesOf(entry, defaultVat));
  const [base, setBase] = useState(baseVersion);
  const [errors, setErrors] = useState<FieldErrors>({ fields: {}, general: [] });
  const [conflict, setConflict] = useState<{ version: number; current: unknown } | null>(null);
  const [busy, setBusy] = useState(false);
  const item = kind === 'item';
  const title = entry ? t(item ? 'edit_item' : 'edit_category') : t(item ? 'new_item' : 'new_category');

  function change(next: Partial<EntryValues>) {
    setValues((current) => ({ ...current, ...next }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (item && !/^\d+$/.test(values.price.trim())) {
      setErrors({ fields: { priceGross: [t('price_whole')] }, general: [] });
      return;
    }
    setBusy(true);
    const failure = await onSubmit(values, base);
    setBusy(false);
    if (!failure) return;
    setConflict(failure.conflict ?? null);
    setErrors(failure.conflict ? { fields: {}, general: [failure.message] } : fieldErrors(failure.message));
  }

  function reloadTheirs() {
    if (!conflict) return;
    const current = conflict.current as Entry | null;
    if (current) setValues(valuesOf(current, defaultVat));
    setBase(conflict.version);
    setConflict(null);
    setErrors({ fields: {}, general: [] });
    onConflictReloaded();
  }

  const fieldError = (name: string) =>
    errors.fields[name] ? (
      <p id={`${name}-error`} className={ui.error}>
        {errors.fields[name].join('; ')}
      </p>
    ) : null;
  const described = (name: string) => (errors.fields[name] ? `${name}-error` : undefined);

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby="entry-form-title">
      <h2 id="entry-form-title" className={ui.subtitle}>
        {title}
      </h2>
      {errors.general.length > 0 && (
        <div role="alert" className={ui.error}>
          {errors.general.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {conflict && <ConflictNotice mine={values} current={conflict.current} onReload={reloadTheirs} />}
      {fieldError('ref')}
      <TranslationsTable
        texts={values.texts}
        errors={errors.fields.translations}
        onChange={(code, field, value) =>
          setValues((current) => ({
            ...current,
            texts: {
              ...current.texts,
              [code]: { title: '', description: '', ...current.texts[code], [field]: value },
            },
          }))
        }
      />
      {item && (
        <div className={styles.itemFields}>
          <div className={ui.field}>
            <label htmlFor="price">{t('price_label')}</label>
            <input
              id="price"
              className={ui.input}
              inputMode="numeric"
              value={values.price}
              aria-invalid={errors.fields.priceGross ? true : undefined}
              aria-describedby={described('priceGross')}
              onChange={(event) => change({ price: event.target.value })}
            />
            {fieldError('priceGross')}
          </div>
          <div className={ui.field}>
            <label htmlFor="vat-key">{t('vat_key')}</label>
            <select
              id="vat-key"
              className={ui.input}
              value={values.vatKey}
              aria-invalid={errors.fields.vatKey ? true : undefined}
              aria-describedby={described('vatKey')}
              onChange={(event) => change({ vatKey: event.target.value })}
            >
              {vatKeys.map((vat) => (
                <option key={vat.code} value={vat.code}>
                  {vat.code} ({vat.valuePercent}%)
                </option>
              ))}
            </select>
            {fieldError('vatKey')}
          </div>
          <div className={ui.field}>
            <label htmlFor="availability">{t('availability')}</label>
            <select
              id="availability"
              className={ui.input}
              value={values.availabilityType}
              aria-describedby={described('availabilityType')}
              onChange={(event) => change({ availabilityType: event.target.value as AvailabilityType })}
            >
              {AVAILABILITY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`availability_${type}`)}
                </option>
              ))}
            </select>
            {fieldError('availabilityType')}
          </div>
          <AllergenChecks
            value={values.allergens}
            onChange={(allergens) => change({ allergens })}
            describedBy={described('allergens')}
            error={fieldError('allergens')}
          />
          {optionGroups.length > 0 && (
            <fieldset className={styles.fieldset} aria-describedby={described('optionGroups')}>
              <legend>{t('choices_offered')}</legend>
              {fieldError('optionGroups')}
              <div className={styles.checks}>
                {optionGroups.map((group) => {
                  const position = values.optionGroups.indexOf(group.ref) + 1;
                  return (
                    <label key={group.ref} className={styles.check}>
                      <input
                        type="checkbox"
                        checked={position > 0}
                        onChange={(event) =>
                          change({
                            optionGroups: event.target.checked
                              ? [...values.optionGroups, group.ref]
                              : values.optionGroups.filter((ref) => ref !== group.ref),
                          })
                        }
                      />
                      {group.title}
                      {position > 0 && ` (${t('choice_position', { n: position })})`}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}
        </div>
      )}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={values.isActive}
          onChange={(event) => change({ isActive: event.target.checked })}
        />
        {t('active')}
      </label>
      {fieldError('isActive')}
      {item && onUploadPicture && (
        <PictureField
          imageUrl={values.imageUrl}
          onUpload={async (file) => {
            const result = await onUploadPicture(file, base);
            if (!result.ok) return result;
            change({ imageUrl: result.imageUrl });
            // The upload is a save of this item: later saves build on it, not on what the form was filled from.
            setBase(result.version);
            return null;
          }}
        />
      )}
      {item && <ItemPreview values={values} />}
      <FormActions busy={busy} onCancel={onCancel} />
    </form>
  );
}
