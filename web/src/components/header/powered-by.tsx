import { appConfig } from '../../lib/app-config.ts';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import styles from './header.module.css';

/** spec §2: the "Powered by" line, naming the installation's operator (DESIGN §1). */
export function PoweredBy() {
  const { t } = useTranslation('common');
  const { poweredByName, poweredByUrl } = appConfig();
  return (
    <p className={styles.poweredBy}>
      {t('powered_by')}{' '}
      <a href={poweredByUrl} target="_blank" rel="noopener">
        {poweredByName}
      </a>
    </p>
  );
}
