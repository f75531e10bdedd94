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

function heroPreloadTag(image: string): string {
  return `<link rel="preload" as="image" href="${escapeHtml(image)}"${heroAttributes(image, 'image')} fetchpriority="high">`;
}

const VIEWPORT_META = /<meta name="viewport"[^>]*>/;

/**
 * The page with the hero preloaded from the top of its head, right after the viewport's meta tag: before it, a
 * phone's browser sizes `100vw` by its 980 px default layout and the preload takes the widest file, then the
 * picture a second, smaller one (measured in Chromium at 412 px, density 1.75).
 */
export function withHeroPreload(html: string, image: string): string {
  const preload = heroPreloadTag(image);
  if (VIEWPORT_META.test(html)) return html.replace(VIEWPORT_META, (meta) => `${meta}${preload}`);
  return html.replace(/<head[^>]*>/, (head) => `${head}${preload}`);
}

/** The hero's `<img>` painted from the HTML (#boot-hero). */
export function bootHeroImgTag(image: string): string {
  return `<img src="${escapeHtml(image)}"${heroAttributes(image, '')} alt="" fetchpriority="high">`;
}
