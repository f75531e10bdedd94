import type { ReactNode } from 'react';
import styles from './screen-page.module.css';

/** One of the specification's empty states (§4): an icon, a sentence and an optional way on. */
export function EmptyState({ icon, text, action }: { icon: ReactNode; text: string; action?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>{icon}</span>
      <p>{text}</p>
      {action}
    </div>
  );
}
