import { Link } from 'react-router';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import type { LinkProblem } from '../utils/link-token.ts';
import styles from './accounts.module.css';

/** What is wrong with a mailed link, and where to get a new one. */
export function LinkProblemMessage({
  problem,
  newLinkHref,
  newLinkText,
}: {
  problem: LinkProblem | 'link_missing';
  newLinkHref: string;
  newLinkText: string;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <p className={styles.error} role="alert">
        {t(problem)}
      </p>
      <p>
        <Link to={newLinkHref}>{newLinkText}</Link>
      </p>
    </>
  );
}
