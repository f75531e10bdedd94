import { Cloud, Infinity as InfinityIcon, Languages, QrCode, Smartphone, Wheat } from 'lucide-react';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './landing-page.module.css';

const FEATURES = [
  { key: 'feature_qr', Icon: QrCode },
  { key: 'feature_languages', Icon: Languages },
  { key: 'feature_allergens', Icon: Wheat },
  { key: 'feature_cloud', Icon: Cloud },
  { key: 'feature_ordering', Icon: Smartphone },
  { key: 'feature_users', Icon: InfinityIcon },
] as const;

/** spec §1: the features section. */
export function LandingFeatures() {
  const { t } = useTranslation('landing');
  return (
    <section className={`${styles.section} ${styles.featuresSection}`} aria-labelledby="features-title">
      <h2 id="features-title" className={styles.sectionTitle}>
        {t('features_title')}
      </h2>
      <p className={styles.sectionLead}>{t('features_lead')}</p>
      <ul className={styles.features}>
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className={styles.feature}>
            <Icon size={28} aria-hidden="true" className={styles.featureIcon} />
            <div>
              <h3 className={styles.cardTitle}>{t(`${key}_title`)}</h3>
              <p className={styles.cardText}>{t(`${key}_text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
