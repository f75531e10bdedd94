import { X } from 'lucide-react';
import { Link } from 'react-router';
import { routes } from '../../../config/routes.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useRestaurant } from '../../../providers/restaurant.tsx';
import { useTable } from '../../../providers/table.tsx';
import styles from './terms-screen.module.css';

const SECTIONS = [
  'service',
  'orders',
  'prices',
  'payment',
  'allergens',
  'ratings',
  'privacy',
  'liability',
  'changes',
];

/** spec §2: terms and conditions, with the "Close page" link back to orders. */
export function TermsScreen() {
  const { t } = useTranslation('terms');
  const { shortName, name } = useRestaurant();
  const table = useTable();
  const { language } = useLanguage();
  return (
    <article className={styles.terms} aria-labelledby="terms-title">
      <div className={styles.heading}>
        <h2 id="terms-title" className={styles.title}>
          {t('common:terms_and_conditions')}
        </h2>
        <Link className={styles.close} to={routes.order(shortName, table.id, language)}>
          <X size={18} aria-hidden="true" />
          {t('common:close_page')}
        </Link>
      </div>
      <p className={styles.updated}>{t('last_updated')}</p>
      <p className={styles.intro}>{t('intro', { restaurant: name })}</p>
      {SECTIONS.map((section, index) => (
        <section key={section} className={styles.section} aria-labelledby={`terms-${section}`}>
          <h3 id={`terms-${section}`} className={styles.sectionTitle}>
            {index + 1}. {t(`${section}_title`)}
          </h3>
          <p>{t(`${section}_text`)}</p>
        </section>
      ))}
    </article>
  );
}
