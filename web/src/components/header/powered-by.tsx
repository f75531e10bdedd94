import { Trans } from 'react-i18next';
import { appConfig } from '../../config/env.ts';
import styles from './header.module.css';

/** spec §2: the "Powered by" line, naming the installation's operator (DESIGN §1). */
export function PoweredBy() {
  const { poweredByName, poweredByUrl } = appConfig();
  return (
    <p className={styles.poweredBy}>
      <Trans
        ns="common"
        i18nKey="powered_by"
        values={{ name: poweredByName }}
        components={{
          link: (
            <a href={poweredByUrl} target="_blank" rel="noopener">
              {poweredByName}
            </a>
          ),
        }}
      />
    </p>
  );
}
