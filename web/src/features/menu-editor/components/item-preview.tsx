import { ALLERGEN_TYPES } from '@tablo/contract/allergens';
import { type LanguageCode, toBcp47 } from '@tablo/contract/language-list';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { dinerText } from '../utils/diner-text.ts';
import type { EntryValues } from './entry-fields.ts';
import styles from './menu-editor.module.css';

/** The item as a diner reading the console's language sees it (spec §4 fallback, allergens in spec §3 order). */
export function ItemPreview({ values }: { values: EntryValues }) {
  const { t } = useTranslation(['menu-editor', 'menu']);
  const { language } = useLanguage();
  const text = dinerText(
    Object.entries(values.texts).map(([isoCode, entry]) => ({ isoCode, ...entry })),
    language,
  );
  const price = Number(values.price);
  const allergens = ALLERGEN_TYPES.filter((type) => values.allergens.includes(type));
  return (
    <section className={styles.preview} aria-labelledby="preview-title">
      <h3 id="preview-title" className={ui.muted}>
        {t('preview')}
      </h3>
      <article className={styles.previewCard}>
        {values.imageUrl && <img src={values.imageUrl} alt="" className={styles.previewImage} />}
        <p className={styles.previewTitle}>{text.title ?? t('menu:untitled')}</p>
        {text.description && <p>{text.description}</p>}
        <p>
          {Number.isInteger(price)
            ? new Intl.NumberFormat(toBcp47(language as LanguageCode), {
                style: 'currency',
                currency: 'HUF',
                maximumFractionDigits: 0,
              }).format(price)
            : '—'}
          {values.availabilityType === 'SOLD_OUT' && <strong> · {t('menu:sold_out')}</strong>}
        </p>
        <p className={ui.muted}>
          {allergens.length > 0
            ? t('menu:contains', { allergens: allergens.map((a) => t(`menu:allergen.${a}`)).join(', ') })
            : t('menu:no_allergens')}
        </p>
      </article>
    </section>
  );
}
