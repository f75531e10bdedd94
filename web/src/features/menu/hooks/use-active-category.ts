import { useCallback, useEffect, useRef, useState } from 'react';
import {
  HEADER_HEIGHT_DESKTOP,
  HEADER_HEIGHT_MOBILE,
  MANUAL_SCROLL_PAUSE_MS,
  MOBILE_BREAKPOINT,
} from '../../../config/constants.ts';
import { categorySectionId, SCROLL_SPY_TOLERANCE } from '../constants.ts';

/** Bottom edge of the sticky header: what a category's top must pass to count as scrolled to. */
function headerBottom(): number {
  const header = document.querySelector('header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** spec §2: the current category is the last one whose top has passed the scroll position. */
function categoryAtScrollPosition(categoryIds: readonly number[]): number | null {
  const line = headerBottom() + SCROLL_SPY_TOLERANCE;
  let current: number | null = categoryIds[0] ?? null;
  for (const id of categoryIds) {
    const section = document.getElementById(categorySectionId(id));
    if (!section) continue;
    if (section.getBoundingClientRect().top <= line) current = id;
    else break;
  }
  return current;
}

/**
 * Tracks the category in view and scrolls to one on request. spec §2: clicking scrolls smoothly, and
 * scroll-based selection pauses for MANUAL_SCROLL_PAUSE_MS after a manual click.
 */
export function useActiveCategory(categoryIds: readonly number[]) {
  const [activeId, setActiveId] = useState<number | null>(categoryIds[0] ?? null);
  const pausedUntil = useRef(0);
  const idsKey = categoryIds.join(',');

  useEffect(() => {
    const ids = idsKey === '' ? [] : idsKey.split(',').map(Number);
    let frame = 0;
    const update = () => {
      frame = 0;
      if (Date.now() < pausedUntil.current) return;
      setActiveId(categoryAtScrollPosition(ids));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [idsKey]);

  const selectCategory = useCallback((id: number) => {
    const section = document.getElementById(categorySectionId(id));
    if (!section) return;
    pausedUntil.current = Date.now() + MANUAL_SCROLL_PAUSE_MS;
    setActiveId(id);
    // By the time the scroll ends the header has shrunk, so aim below its smallest height.
    const collapsed =
      window.innerWidth < MOBILE_BREAKPOINT ? HEADER_HEIGHT_MOBILE.min : HEADER_HEIGHT_DESKTOP.min;
    const top = section.getBoundingClientRect().top + window.scrollY - collapsed;
    window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    // Keyboard and screen-reader users continue reading from the category they chose.
    section.focus({ preventScroll: true });
  }, []);

  return { activeId, selectCategory };
}
