import { type RefObject, useLayoutEffect } from 'react';

/** The console's sticky top (header and banner) is this tall: what the toasts and anchored views keep clear of. */
export const TOP_HEIGHT_PROPERTY = '--staff-top-height';

/**
 * Marks the document root (`data-staff-console`) and keeps `--staff-top-height` on it at the height of the console's sticky top, which wraps
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
    root.dataset.staffConsole = '';
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(apply);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      delete root.dataset.staffConsole;
      root.style.removeProperty(TOP_HEIGHT_PROPERTY);
    };
  }, [ref]);
}
