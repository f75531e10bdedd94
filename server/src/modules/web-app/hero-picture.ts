import { HERO_SIZES, pictureSrcSet } from '@tablo/contract/picture-variants';
import { escapeHtml } from '../../lib/html-escape.ts';

/**
 * The restaurant's hero as the page asks for it: the picture, and for the app's own pictures the srcset of
 * its smaller copies with the header's sizes — exactly what the header's <img> carries (web:
 * components/header/hero-image.tsx), or the browser would fetch one file for the preload and another for the
 * picture (docs/decisions/039-picture-variants.md).
 */
function heroAttributes(image: string, prefix: '' | 'image'): string {
  const srcSet = pictureSrcSet(image);
  if (!srcSet) return '';
  return ` ${prefix}srcset="${escapeHtml(srcSet)}" ${prefix}sizes="${HERO_SIZES}"`;
}

/** `<link rel=preload>` of the hero, for the top of the head. */
export function heroPreloadTag(image: string): string {
  return `<link rel="preload" as="image" href="${escapeHtml(image)}"${heroAttributes(image, 'image')} fetchpriority="high">`;
}

/** The hero's `<img>` painted from the HTML (#boot-hero). */
export function bootHeroImgTag(image: string): string {
  return `<img src="${escapeHtml(image)}"${heroAttributes(image, '')} alt="" fetchpriority="high">`;
}
