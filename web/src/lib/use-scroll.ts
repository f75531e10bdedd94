import { type RefObject, useEffect, useState } from 'react';
import { isServerOrHydrating } from './hydration.ts';

/**
 * Writes the page's scroll progress over `range` px (0 → 1) into the element's `--shrink` CSS variable,
 * once per animation frame, so shrinking happens in CSS without re-rendering React.
 */
export function useScrollShrink(ref: RefObject<HTMLElement | null>, range: number): void {
  useEffect(() => {
    let frame = 0;
    function apply() {
      frame = 0;
      const progress = Math.min(Math.max(window.scrollY / range, 0), 1);
      ref.current?.style.setProperty('--shrink', progress.toFixed(3));
    }
    function onScroll() {
      if (frame === 0) frame = requestAnimationFrame(apply);
    }
    apply();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [ref, range]);
}

/** True once the page is scrolled at least `threshold` px; re-renders only when that flips. */
export function useScrolledPast(threshold: number): boolean {
  // The server (and the hydration of its page, which a reload may restore scrolled) renders "not past"; the
  // effect below corrects it at once.
  const [past, setPast] = useState(() => !isServerOrHydrating() && window.scrollY >= threshold);
  useEffect(() => {
    function onScroll() {
      setPast(window.scrollY >= threshold);
    }
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}
