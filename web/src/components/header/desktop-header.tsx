import { useRef } from 'react';
import { DESCRIPTION_HIDE_SCROLL, HEADER_HEIGHT_DESKTOP } from '../../config/constants.ts';
import { useScrolledPast, useScrollShrink } from '../../lib/use-scroll.ts';
import { useLanguage } from '../../providers/language.tsx';
import { useRestaurant } from '../../providers/restaurant.tsx';
import styles from './header.module.css';
import type { HeaderProps } from './header.tsx';
import { HeroImage } from './hero-image.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { PoweredBy } from './powered-by.tsx';

export function DesktopHeader({ mode, slider, widthClass }: HeaderProps) {
  const ref = useRef<HTMLElement>(null);
  useScrollShrink(ref, HEADER_HEIGHT_DESKTOP.max - HEADER_HEIGHT_DESKTOP.min);
  const restaurant = useRestaurant();
  const { language } = useLanguage();
  // spec §2, §9: the description shows only while scrolled less than 150 px.
  const hideDescription = useScrolledPast(DESCRIPTION_HIDE_SCROLL);
  // spec §1: the description is Hungarian or English depending on the language.
  const description = language === 'hu' ? restaurant.descriptionHu : restaurant.descriptionEn;
  return (
    <div
      className={`${styles.frame} ${styles.desktop} ${widthClass ? styles[widthClass] : ''}`}
      data-header-mode={mode}
      data-header-variant="desktop"
    >
      <div className={styles.spacer} aria-hidden="true" />
      <header ref={ref} className={styles.header}>
        <HeroImage />
        <div className={styles.heroTop}>
          <PoweredBy />
          <LanguageMenu />
        </div>
        <div className={styles.heroText}>
          <h1 className={styles.name}>{restaurant.name}</h1>
          {description && !hideDescription ? <p className={styles.description}>{description}</p> : null}
        </div>
        {mode === 'SLIDER' && slider ? <div className={styles.slider}>{slider}</div> : null}
      </header>
    </div>
  );
}
