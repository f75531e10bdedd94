import { Link } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import { useLanguage } from '../../../providers/language.tsx';
import { useStaffConsole } from '../hooks/staff-console-context.ts';
import { homeScreen, staffLinks } from '../utils/staff-links.ts';
import styles from './staff.module.css';

/** A console address that names no screen: said in the console's own words, with the way back home. */
export function NotFoundScreen() {
  const { t } = useTranslation('staff');
  const { language } = useLanguage();
  const { me } = useStaffConsole();
  const home = homeScreen(me.role);
  return (
    <>
      <div className={styles.screenHead}>
        <h1 className={styles.screenTitle}>{t('not_found_title')}</h1>
      </div>
      <div className={styles.message}>
        <p>{t('not_found_body')}</p>
        <Link className={styles.linkButton} to={staffLinks.screen(home, language)}>
          {t(`back_to_${home}`)}
        </Link>
      </div>
    </>
  );
}
