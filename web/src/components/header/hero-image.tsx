import { HERO_SIZES, pictureSrcSet } from '@tablo/contract/picture-variants';
import { useState } from 'react';
import { useRestaurant } from '../../app/providers/restaurant.tsx';
import { DEFAULT_MAIN_IMAGE } from '../../config/constants.ts';
import { removeBootHero } from '../../lib/boot-hero.ts';
import styles from './header.module.css';

/** spec §2: the restaurant's image; on a load error (or none at all) the default main image. */
export function HeroImage() {
  const { image } = useRestaurant();
  const [failed, setFailed] = useState<string | null>(null);
  const src = image && image !== failed ? image : DEFAULT_MAIN_IMAGE;
  // The same srcset and sizes as the server's preload of it (decision record 039), so the browser fetches one
  // file for both, and the same for the two headers of a server-rendered page.
  const srcSet = pictureSrcSet(src);
  return (
    <div className={styles.hero} aria-hidden="true">
      <img
        className={styles.heroImage}
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? HERO_SIZES : undefined}
        alt=""
        fetchPriority="high"
        decoding="async"
        // The boot loader starts the scripts once this (server-rendered) picture is painted (decision 022).
        data-hero-image=""
        // The picture the server painted stays until this one is on screen, so the header never flashes.
        onLoad={removeBootHero}
        onError={() => {
          removeBootHero();
          if (src !== DEFAULT_MAIN_IMAGE) setFailed(src);
        }}
      />
    </div>
  );
}
