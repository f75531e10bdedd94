import { Clock, Globe, Leaf, PiggyBank } from 'lucide-react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './landing-page.module.css';

const REASONS = [
  { key: 'reason_cost', Icon: PiggyBank },
  { key: 'reason_tourists', Icon: Globe },
  { key: 'reason_speed', Icon: Clock },
  { key: 'reason_allergens', Icon: Leaf },
] as const;

/** spec §1: the reasons section. */
export function LandingReasons() {
  const { t } = useTranslation('landing');
  return (
    <section className={styles.section} aria-labelledby="reasons-title">
      <h2 id="reasons-title" className={styles.sectionTitle}>
        {t('reasons_title')}
      </h2>
      <p className={styles.sectionLead}>{t('reasons_lead')}</p>
      <ul className={styles.cards}>
        {REASONS.map(({ key, Icon }) => (
          <li key={key} className={styles.card}>
            <span className={styles.cardIcon}>
              <Icon size={24} aria-hidden="true" />
            </span>
            <h3 className={styles.cardTitle}>{t(`${key}_title`)}</h3>
            <p className={styles.cardText}>{t(`${key}_text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
