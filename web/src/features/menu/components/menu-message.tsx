import type { ReactNode } from 'react';
import styles from './menu-message.module.css';

type MenuMessageProps = {
  title: string;
  hint?: string;
  icon?: ReactNode;
  children?: ReactNode;
};

/** A centred notice in place of the list: empty menu, no results, loading failure. */
export function MenuMessage({ title, hint, icon, children }: MenuMessageProps) {
  return (
    <div className={styles.message}>
      {icon && <div className={styles.icon}>{icon}</div>}
      <p className={styles.title}>{title}</p>
      {hint && <p className={styles.hint}>{hint}</p>}
      {children}
    </div>
  );
}
