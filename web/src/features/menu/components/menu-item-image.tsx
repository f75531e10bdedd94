import { pictureSrcSet } from '@tablo/contract/picture-variants';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { useState } from 'react';
import styles from './menu-item-image.module.css';

type MenuItemImageProps = {
  src: string | null;
  alt: string;
  /** spec §9: square thumbnails in the list, 16:9 in the dish's details. */
  variant: 'square' | 'wide';
  /** The first screenful loads eagerly; the rest when scrolled near. */
  eager?: boolean;
  /**
   * `low` keeps an eager thumbnail from taking the link from the header's picture (the page's largest
   * paint) when the browser would raise it for being on screen (decision 043).
   */
  priority?: 'high' | 'low' | 'auto';
  /** An Element Timing identifier: the browser reports when the picture is painted. */
  elementTiming?: string;
};

const SIZES = { square: { width: 96, height: 96 }, wide: { width: 640, height: 360 } } as const;

/**
 * How wide the picture is drawn, for the browser to pick a file from the srcset: a 16:9 picture covering the
 * 96 px square is 96 × 16/9 ≈ 171 px wide; in the dish's details it is as wide as the dialog
 * (menu-item-dialog.module.css: min(100% - 2rem, 560px)).
 */
const DRAWN_WIDTH = { square: '171px', wide: '(max-width: 592px) calc(100vw - 2rem), 560px' } as const;

/** A dish photo in a box of fixed ratio (no layout shift), or a quiet placeholder when there is none. */
export function MenuItemImage({
  src,
  alt,
  variant,
  eager = false,
  priority = 'auto',
  elementTiming,
}: MenuItemImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const className = `${styles.frame} ${styles[variant]}`;
  // The app's own pictures come in smaller copies too (decision record 039); `src` stays the original.
  const srcSet = pictureSrcSet(src);

  if (!src || failedSrc === src) {
    return (
      <div className={`${className} ${styles.placeholder}`} aria-hidden="true">
        <UtensilsCrossed className={styles.placeholderIcon} />
      </div>
    );
  }
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? DRAWN_WIDTH[variant] : undefined}
      alt={alt}
      {...SIZES[variant]}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={priority}
      decoding="async"
      elementtiming={elementTiming}
      onError={() => setFailedSrc(src)}
    />
  );
}
