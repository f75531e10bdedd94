import { useEffect, useRef } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { type DraftCategory, type DraftItem, type EntryValues, valuesOf } from './entry-fields.ts';
import styles from './menu-editor.module.css';

/** What differs between the form and the thing as someone else saved it, field by field. */
function differences(mine: EntryValues, theirs: EntryValues, t: (key: string) => string) {
  const rows: { label: string; value: string }[] = [];
  for (const [code, text] of Object.entries(theirs.texts)) {
    const own = mine.texts[code];
    if (own?.title !== text.title)
      rows.push({ label: `${t('text_title')} (${code})`, value: text.title || '—' });
    if (own?.description !== text.description)
      rows.push({ label: `${t('description')} (${code})`, value: text.description || '—' });
  }
  if (mine.price !== theirs.price) rows.push({ label: t('price_label'), value: theirs.price });
  if (mine.vatKey !== theirs.vatKey) rows.push({ label: t('vat_key'), value: theirs.vatKey });
  if (mine.allergens.join() !== theirs.allergens.join())
    rows.push({ label: t('menu:allergens'), value: theirs.allergens.join(', ') || '—' });
  if (mine.availabilityType !== theirs.availabilityType)
    rows.push({ label: t('availability'), value: t(`availability_${theirs.availabilityType}`) });
  if (mine.isActive !== theirs.isActive)
    rows.push({ label: t('active'), value: theirs.isActive ? t('yes') : t('no') });
  return rows;
}

/** A stale save (409): what someone else changed meanwhile, and a way to take it up and edit on from there. */
export function ConflictNotice({
  mine,
  current,
  onReload,
}: {
  mine: EntryValues;
  current: unknown;
  onReload: () => void;
}) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const theirs = current ? valuesOf(current as DraftCategory | DraftItem, mine.vatKey) : null;
  const rows = theirs ? differences(mine, theirs, t) : [];
  return (
    <section className={styles.conflict} aria-labelledby="conflict-title">
      <h3 id="conflict-title" ref={heading} tabIndex={-1}>
        {t('conflict_title')}
      </h3>
      {theirs ? (
        <dl className={styles.changes}>
          {rows.map((row) => (
            <div key={row.label}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{t('conflict_removed')}</p>
      )}
      <button type="button" className={ui.button} onClick={onReload}>
        {t('conflict_reload')}
      </button>
    </section>
  );
}
