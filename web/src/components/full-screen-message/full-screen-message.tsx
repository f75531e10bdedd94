import type { ReactNode } from 'react';
import { useRemoveBootHero } from '../../lib/boot-hero.ts';
import styles from './full-screen-message.module.css';

type FullScreenMessageProps = { icon?: ReactNode; title: string; details?: ReactNode; action?: ReactNode };

export function FullScreenMessage({ icon, title, details, action }: FullScreenMessageProps) {
  useRemoveBootHero();
  return (
    <main className={styles.screen}>
      <div className={styles.card}>
        {icon ? <span className={styles.icon}>{icon}</span> : null}
        <h1 className={styles.title}>{title}</h1>
        {details ? <div className={styles.details}>{details}</div> : null}
        {action}
      </div>
    </main>
  );
}

export const fullScreenActionClass = styles.action;
