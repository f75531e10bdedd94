import type { Menu } from '@tablo/contract/menu';
import {
  PAPER_WIDTHS_MM,
  type PaperWidth,
  PRINTER_COMMAND_SETS,
  type Printer,
  type PrinterCommandSet,
  type SavePrinterRequest,
} from '@tablo/contract/printing';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { pickTitle } from '../../../lib/pick-title.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { checkPrinter } from '../utils/check-printer.ts';
import { PRINTER_FIELDS, type PrinterErrors, type PrinterField } from '../utils/printer-errors.ts';
import styles from './printing.module.css';

const NO_ERRORS: PrinterErrors = { fields: {}, general: [] };

/**
 * Add or edit a printer: name, address (`host:port`), command set, paper width, the categories it prints and
 * whether it prints at all. Checked before sending; the server's refusals come back as `serverErrors`. Each
 * problem stands next to its field, the form announces that it was not saved, and focus goes to the first.
 */
export function PrinterForm({
  printer,
  categories,
  busy,
  serverErrors,
  onSave,
  onCancel,
}: {
  /** null: a new printer. */
  printer: Printer | null;
  categories: Menu;
  busy: boolean;
  serverErrors: PrinterErrors | null;
  onSave: (printer: SavePrinterRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('printing');
  const { language } = useLanguage();
  const base = useId();
  const id = (part: string) => `${base}-${part}`;
  const form = useRef<HTMLFormElement>(null);
  // What this form found before sending; else what the server refused.
  const [checked, setChecked] = useState<PrinterErrors | null>(null);
  const errors = checked ?? serverErrors ?? NO_ERRORS;
  const hasErrors = Object.keys(errors.fields).length > 0 || errors.general.length > 0;
  const title = printer ? t('edit_title', { name: printer.name }) : t('add_title');

  // Opened, the form takes the focus where it starts: its first field.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[data-field="name"]')?.focus();
  }, []);

  // Whichever found them (this form or the server), the first field with a problem gets the focus.
  useEffect(() => {
    const first = PRINTER_FIELDS.find((field) => errors.fields[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }, [errors]);

  // A category no longer on the menu stays ticked (saving must not drop it silently): it is named by its id.
  const known = new Set(categories.map((category) => category.id));
  const unknownIds = (printer?.categoryIds ?? []).filter((categoryId) => !known.has(categoryId));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: SavePrinterRequest = {
      name: String(data.get('name') ?? ''),
      address: String(data.get('address') ?? ''),
      commandSet: String(data.get('commandSet')) as PrinterCommandSet,
      paperWidth: Number(data.get('paperWidth')) as PaperWidth,
      categoryIds: data.getAll('categoryIds').map(Number),
      isEnabled: data.get('isEnabled') === 'on',
    };
    const result = checkPrinter(values, t);
    if (!result.ok) {
      setChecked(result.errors);
      return;
    }
    setChecked(null);
    onSave({ ...result.printer, name: values.name.trim(), address: values.address.trim() });
  }

  const invalid = (field: PrinterField) =>
    errors.fields[field] ? { 'aria-invalid': true as const, 'aria-describedby': id(`${field}-error`) } : {};
  const fieldError = (field: PrinterField) =>
    errors.fields[field] ? (
      <p id={id(`${field}-error`)} className={ui.error}>
        {errors.fields[field]}
      </p>
    ) : null;

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-labelledby={id('title')}>
      <h3 id={id('title')} className={ui.subtitle}>
        {title}
      </h3>
      {hasErrors && (
        <div role="alert" className={ui.error}>
          <p>{t('not_saved')}</p>
          {errors.general.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      <div className={ui.field}>
        <label htmlFor={id('name')} className={ui.label}>
          {t('field_name')}
        </label>
        <input
          id={id('name')}
          name="name"
          data-field="name"
          className={ui.input}
          defaultValue={printer?.name ?? ''}
          autoComplete="off"
          maxLength={60}
          required
          {...invalid('name')}
        />
        {fieldError('name')}
      </div>
      <div className={ui.field}>
        <label htmlFor={id('address')} className={ui.label}>
          {t('field_address')}
        </label>
        <input
          id={id('address')}
          name="address"
          data-field="address"
          className={ui.input}
          defaultValue={printer?.address ?? ''}
          placeholder="192.168.1.50:9100"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          required
          aria-invalid={errors.fields.address ? true : undefined}
          aria-describedby={
            errors.fields.address ? `${id('address-error')} ${id('address-hint')}` : id('address-hint')
          }
        />
        <span id={id('address-hint')} className={ui.muted}>
          {t('address_hint')}
        </span>
        {fieldError('address')}
      </div>
      <div className={ui.field}>
        <label htmlFor={id('commandSet')} className={ui.label}>
          {t('field_command_set')}
        </label>
        <select
          id={id('commandSet')}
          name="commandSet"
          data-field="commandSet"
          className={ui.select}
          defaultValue={printer?.commandSet ?? 'ESC_POS'}
          {...invalid('commandSet')}
        >
          {PRINTER_COMMAND_SETS.map((set) => (
            <option key={set} value={set}>
              {t(`command_set_${set}`)}
            </option>
          ))}
        </select>
        {fieldError('commandSet')}
      </div>
      <fieldset className={styles.choices} {...invalid('paperWidth')}>
        <legend className={ui.label}>{t('field_paper_width')}</legend>
        {PAPER_WIDTHS_MM.map((width, index) => (
          <label key={width} className={styles.check}>
            <input
              type="radio"
              name="paperWidth"
              value={width}
              data-field={index === 0 ? 'paperWidth' : undefined}
              defaultChecked={(printer?.paperWidth ?? 80) === width}
            />
            {t('paper_mm', { width })}
          </label>
        ))}
        {fieldError('paperWidth')}
      </fieldset>
      <fieldset className={styles.choices} {...invalid('categoryIds')}>
        <legend className={ui.label}>{t('field_categories')}</legend>
        <p className={ui.muted}>{t('categories_hint')}</p>
        {categories.length === 0 && unknownIds.length === 0 && (
          <p className={ui.muted}>{t('no_categories')}</p>
        )}
        {categories.map((category, index) => (
          <label key={category.id} className={styles.check}>
            <input
              type="checkbox"
              name="categoryIds"
              value={category.id}
              data-field={index === 0 ? 'categoryIds' : undefined}
              defaultChecked={printer?.categoryIds.includes(category.id) ?? false}
            />
            {pickTitle(category.translations, language, t('untitled'))}
          </label>
        ))}
        {unknownIds.map((categoryId) => (
          <label key={categoryId} className={styles.check}>
            <input type="checkbox" name="categoryIds" value={categoryId} defaultChecked />
            {t('category_not_on_menu', { id: categoryId })}
          </label>
        ))}
        {fieldError('categoryIds')}
      </fieldset>
      <label className={styles.check}>
        <input type="checkbox" name="isEnabled" defaultChecked={printer?.isEnabled ?? true} />
        {t('field_enabled')}
      </label>
      <div className={ui.actions}>
        <button type="submit" className={ui.primaryButton} disabled={busy}>
          {busy ? t('saving') : t('save')}
        </button>
        <button type="button" className={ui.button} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
