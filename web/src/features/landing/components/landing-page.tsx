import { QrCode } from 'lucide-react';
import { LanguageMenu } from '../../../components/header/language-menu.tsx';
import { appConfig } from '../../../lib/app-config.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { adminLinks } from '../utils/admin-links.ts';
import { LandingFeatures } from './landing-features.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHero } from './landing-hero.tsx';
import styles from './landing-page.module.css';
import { LandingReasons } from './landing-reasons.tsx';

/** spec §1: the home page of the product, at /:lang. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const { language } = useLanguage();
  const links = adminLinks(appConfig().adminUrl, language);
  return (
    <div className={styles.page}>
      <a className="skip-link" href="#main">
        {t('common:skip_to_content')}
      </a>
      <header className={styles.topBar}>
        <div className={styles.topBarInner}>
          <span className={styles.brand}>
            <QrCode size={26} aria-hidden="true" />
            {appConfig().poweredByName}
          </span>
          <nav className={styles.topNav} aria-label={t('nav_label')}>
            <a className={styles.topLink} href={links.login}>
              {t('login')}
            </a>
            <a className={styles.topCta} href={links.register}>
              {t('register')}
            </a>
          </nav>
          <div className={styles.topLanguage}>
            <LanguageMenu />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={styles.main}>
        <LandingHero registerUrl={links.register} />
        <LandingReasons />
        <LandingFeatures />
        <section className={styles.cta} aria-labelledby="cta-title">
          <h2 id="cta-title" className={styles.ctaTitle}>
            {t('cta_title')}
          </h2>
          <p className={styles.ctaText}>{t('cta_text')}</p>
          <a className={styles.primaryButton} href={links.register}>
            {t('register_free')}
          </a>
        </section>
      </main>
      <LandingFooter />
    </div>
  );
}
