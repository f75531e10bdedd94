import type { ReactNode } from 'react';
import styles from './svg-sprite.module.css';

/**
 * Pictures drawn once per page as `<symbol>`s, which every copy `<use>`s (decision record 036): the allergen
 * badges, the rating icons. Hidden from sight and from assistive technology; each `<use>` names itself.
 */
export function SvgSprite({ children }: { children: ReactNode }) {
  return (
    <svg className={styles.sprite} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
