import { HERO_SIZES, pictureSrcSet } from '@tablo/contract/picture-variants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_MAIN_IMAGE } from '../../config/constants.ts';
import { removeBootHero } from '../../lib/boot-hero.ts';
import { isServerOrHydrating } from '../../lib/hydration.ts';
import { useRestaurant } from '../../providers/restaurant.tsx';
import styles from './header.module.css';

/** spec §2: the restaurant's image; on a load error (or none at all) the default main image. */
export function HeroImage() {
  const { image } = useRestaurant();
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const src = image && image !== failed ? image : DEFAULT_MAIN_IMAGE;
  /** The picture `broken` did not load: the default main image takes its place (and the server's goes). */
  const fallBack = useCallback((broken: string) => {
    removeBootHero();
    if (broken !== DEFAULT_MAIN_IMAGE) setFailed(broken);
  }, []);
  // The same srcset and sizes as the server's preload of it (decision record 039), so the browser fetches one
  // file for both, and the same for the two headers of a server-rendered page.
  const srcSet = pictureSrcSet(src);

  // The server's picture may fail before the scripts run (the boot loader starts them on that very error,
  // decision record 022): its error event has gone by before React listens. A broken picture is complete with
  // no size. Hydration keeps the server's src; the default takes its place right after, in the same box. (A
  // picture React creates itself is listened to from the start: its error comes as an event.)
  useEffect(() => {
    const img = ref.current;
    if (isServerOrHydrating() && img?.complete && img.naturalWidth === 0) fallBack(src);
  }, [src, fallBack]);

  return (
    <div className={styles.hero} aria-hidden="true">
      <img
        ref={ref}
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
        onError={() => fallBack(src)}
      />
    </div>
  );
}
