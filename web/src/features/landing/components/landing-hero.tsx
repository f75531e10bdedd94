import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { routes } from '../../../config/routes.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import styles from './landing-page.module.css';
import { PhonePreview } from './phone-preview.tsx';

const HIGHLIGHTS = [
  'highlight_free',
  'highlight_languages',
  'highlight_allergens',
  'highlight_users',
] as const;

export function LandingHero({ registerUrl }: { registerUrl: string }) {
  const { t } = useTranslation('landing');
  const { language } = useLanguage();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroInner}>
        <div className={styles.heroCopy}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 id="hero-title" className={styles.heroTitle}>
            {t('hero_title')}
          </h1>
          <p className={styles.heroText}>{t('hero_text')}</p>
          <ul className={styles.highlights}>
            {HIGHLIGHTS.map((key) => (
              <li key={key}>
                <Check size={18} aria-hidden="true" />
                {t(key)}
              </li>
            ))}
          </ul>
          <div className={styles.heroActions}>
            <a className={styles.primaryButton} href={registerUrl}>
              {t('register_free')}
            </a>
            <Link className={styles.secondaryButton} to={routes.menu('demo', language)}>
              {t('see_demo')}
            </Link>
          </div>
        </div>
        <PhonePreview />
      </div>
    </section>
  );
}
