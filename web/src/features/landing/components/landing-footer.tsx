import { SOCIAL_LINKS } from '../../../config/constants.ts';
import { appConfig } from '../../../lib/app-config.ts';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { adminLinks } from '../utils/admin-links.ts';
import styles from './landing-page.module.css';

/** spec §1: footer with social follow, terms and privacy policy links. */
export function LandingFooter() {
  const { t } = useTranslation('landing');
  const { language } = useLanguage();
  const config = appConfig();
  const links = adminLinks(config.adminUrl, language);
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div>
          <p className={styles.footerBrand}>{config.poweredByName}</p>
          <p className={styles.footerText}>{t('footer_tagline')}</p>
        </div>
        <nav aria-label={t('follow_us')}>
          <h2 className={styles.footerHeading}>{t('follow_us')}</h2>
          <ul className={styles.footerLinks}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.name}>
                <a href={link.url} rel="noopener" target="_blank">
                  {link.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('legal')}>
          <h2 className={styles.footerHeading}>{t('legal')}</h2>
          <ul className={styles.footerLinks}>
            <li>
              <a href={links.terms}>{t('common:terms_and_conditions')}</a>
            </li>
            <li>
              <a href={links.privacy}>{t('privacy_policy')}</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className={styles.copyright}>
        {t('copyright', { year: new Date().getFullYear(), name: config.poweredByName })}
      </p>
    </footer>
  );
}
