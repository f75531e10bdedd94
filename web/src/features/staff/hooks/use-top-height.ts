import { type RefObject, useLayoutEffect } from 'react';

/** The console's sticky top (header and banner) is this tall: what the toasts and anchored views keep clear of. */
export const TOP_HEIGHT_PROPERTY = '--staff-top-height';

/**
 * Keeps `--staff-top-height` on the document root at the height of the console's sticky top, which wraps
 * to more lines on a narrow screen or in a longer language and grows while a banner shows. Toasts are placed
 * below it (staff.module.css), so they never cover the navigation, the sound switch or the banner.
 */
export function useTopHeight(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const apply = () => root.style.setProperty(TOP_HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    apply();
    if (typeof ResizeObserver === 'undefined') return () => root.style.removeProperty(TOP_HEIGHT_PROPERTY);
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOP_HEIGHT_PROPERTY);
    };
  }, [ref]);
}
