import { ChevronLeft } from 'lucide-react';
import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HEADER_HEIGHT_MOBILE } from '../../config/constants.ts';
import { routes } from '../../config/routes.ts';
import { useTranslation } from '../../lib/texts/use-texts.tsx';
import { useScrollShrink } from '../../lib/use-scroll.ts';
import { useLanguage } from '../../providers/language.tsx';
import { useRestaurant } from '../../providers/restaurant.tsx';
import styles from './header.module.css';
import type { HeaderProps } from './header.tsx';
import { HeroImage } from './hero-image.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { PoweredBy } from './powered-by.tsx';

export function MobileHeader({ mode, slider, widthClass }: HeaderProps) {
  const ref = useRef<HTMLElement>(null);
  useScrollShrink(ref, HEADER_HEIGHT_MOBILE.max - HEADER_HEIGHT_MOBILE.min);
  const restaurant = useRestaurant();
  const showBack = !useLocation().pathname.startsWith('/menu/');
  return (
    <div
      className={`${styles.frame} ${styles.mobile} ${widthClass ? styles[widthClass] : ''}`}
      data-header-mode={mode}
      data-header-variant="mobile"
    >
      <div className={styles.spacer} aria-hidden="true" />
      <header ref={ref} className={styles.header}>
        <HeroImage />
        <div className={styles.bar}>
          {showBack ? <BackButton shortName={restaurant.shortName} /> : null}
          <div className={styles.titles}>
            <h1 className={styles.name}>{restaurant.name}</h1>
            <PoweredBy />
          </div>
          <LanguageMenu />
        </div>
        {mode === 'SLIDER' && slider ? <div className={styles.slider}>{slider}</div> : null}
      </header>
    </div>
  );
}

/** spec §2: back to the menu when there is no history entry to go back to (location key "default"). */
function BackButton({ shortName }: { shortName: string }) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const { language } = useLanguage();
  function goBack() {
    if (location.key === 'default') navigate(routes.menu(shortName, language));
    else navigate(-1);
  }
  return (
    <button type="button" className={styles.iconButton} onClick={goBack} aria-label={t('back')}>
      <ChevronLeft size={24} aria-hidden="true" />
    </button>
  );
}
