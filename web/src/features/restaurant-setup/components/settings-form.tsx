import type {
  RestaurantSettings,
  UpdateRestaurantSettingsRequest,
  VatKeySetting,
} from '@tablo/contract/restaurant-setup';
import { type FormEvent, useId, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './setup.module.css';

const TEXT_FIELDS = ['name', 'phone', 'reservationUrl', 'address', 'taxNumber', 'timeZone'] as const;

/**
 * The restaurant's settings (OWNER, MANAGER): name, descriptions, contact, receipt details, ordering,
 * enabled and VAT keys. The server checks every field and names it in its answer; `version` makes a save
 * over someone else's newer one a 409.
 */
export function SettingsForm({
  settings,
  busy,
  onSave,
  onPicture,
}: {
  settings: RestaurantSettings;
  busy: boolean;
  onSave: (change: Omit<UpdateRestaurantSettingsRequest, 'version'>) => void;
  onPicture: (file: File) => void;
}) {
  const { t } = useTranslation('setup');
  const base = useId();
  const id = (field: string) => `${base}-${field}`;
  const [vatKeys, setVatKeys] = useState<VatKeySetting[]>(settings.vatKeys);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (field: string) => String(data.get(field) ?? '');
    onSave({
      name: text('name'),
      descriptionHu: text('descriptionHu'),
      descriptionEn: text('descriptionEn'),
      phone: text('phone'),
      reservationUrl: text('reservationUrl'),
      address: text('address'),
      taxNumber: text('taxNumber'),
      timeZone: text('timeZone'),
      isOrderingEnabled: data.get('isOrderingEnabled') === 'on',
      isEnabled: data.get('isEnabled') === 'on',
      vatKeys,
    });
  }

  function pictureChosen(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('picture');
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    if (file && file.size > 0) onPicture(file);
  }

  const setVat = (index: number, change: Partial<VatKeySetting>) =>
    setVatKeys((keys) => keys.map((key, i) => (i === index ? { ...key, ...change } : key)));

  return (
    <>
      <form className={styles.form} onSubmit={pictureChosen}>
        {settings.image && <img src={settings.image} alt={t('picture_current')} className={styles.preview} />}
        <div className={ui.field}>
          <label htmlFor={id('picture')} className={ui.label}>
            {t('picture')}
          </label>
          <input
            id={id('picture')}
            name="picture"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
          />
          <span className={ui.muted}>{t('picture_hint')}</span>
        </div>
        <button type="submit" className={ui.button} disabled={busy}>
          {t('picture_upload')}
        </button>
      </form>
      <form className={styles.form} onSubmit={submit} aria-label={t('details_title')}>
        {TEXT_FIELDS.map((field) => (
          <div className={ui.field} key={field}>
            <label htmlFor={id(field)} className={ui.label}>
              {t(`field_${field}`)}
            </label>
            <input
              id={id(field)}
              name={field}
              className={ui.input}
              defaultValue={settings[field] ?? ''}
              required={field === 'name' || field === 'timeZone'}
              type={field === 'phone' ? 'tel' : field === 'reservationUrl' ? 'url' : 'text'}
            />
          </div>
        ))}
        {(['descriptionHu', 'descriptionEn'] as const).map((field) => (
          <div className={ui.field} key={field}>
            <label htmlFor={id(field)} className={ui.label}>
              {t(`field_${field}`)}
            </label>
            <textarea
              id={id(field)}
              name={field}
              className={styles.textarea}
              defaultValue={settings[field]}
              lang={field === 'descriptionHu' ? 'hu' : 'en'}
            />
          </div>
        ))}
        <div className={styles.checkRow}>
          <input
            id={id('isOrderingEnabled')}
            name="isOrderingEnabled"
            type="checkbox"
            defaultChecked={settings.isOrderingEnabled}
          />
          <label htmlFor={id('isOrderingEnabled')}>{t('field_isOrderingEnabled')}</label>
        </div>
        <div className={styles.checkRow}>
          <input id={id('isEnabled')} name="isEnabled" type="checkbox" defaultChecked={settings.isEnabled} />
          <label htmlFor={id('isEnabled')}>{t('field_isEnabled')}</label>
        </div>
        <fieldset className={styles.form}>
          <legend className={ui.label}>{t('vat_keys')}</legend>
          {vatKeys.map((key, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; a code may be blank while typed
            <div className={styles.vatRow} key={index}>
              <div className={ui.field}>
                <label htmlFor={id(`vat-code-${index}`)} className={ui.label}>
                  {t('vat_code', { number: index + 1 })}
                </label>
                <input
                  id={id(`vat-code-${index}`)}
                  className={ui.input}
                  value={key.code}
                  onChange={(event) => setVat(index, { code: event.target.value })}
                />
              </div>
              <div className={ui.field}>
                <label htmlFor={id(`vat-percent-${index}`)} className={ui.label}>
                  {t('vat_percent', { number: index + 1 })}
                </label>
                <input
                  id={id(`vat-percent-${index}`)}
                  className={ui.input}
                  type="number"
                  min={0}
                  max={100}
                  step="any"
                  value={String(key.valuePercent)}
                  onChange={(event) => setVat(index, { valuePercent: Number(event.target.value) })}
                />
              </div>
              <button
                type="button"
                className={ui.button}
                onClick={() => setVatKeys((keys) => keys.filter((_, i) => i !== index))}
              >
                {t('vat_remove', { number: index + 1 })}
              </button>
            </div>
          ))}
          <button
            type="button"
            className={ui.button}
            onClick={() => setVatKeys((keys) => [...keys, { code: '', valuePercent: 27 }])}
          >
            {t('vat_add')}
          </button>
        </fieldset>
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          {t('save')}
        </button>
      </form>
    </>
  );
}
