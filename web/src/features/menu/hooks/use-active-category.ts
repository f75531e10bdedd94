import { useCallback, useEffect, useRef, useState } from 'react';
import {
  HEADER_HEIGHT_DESKTOP,
  HEADER_HEIGHT_MOBILE,
  MANUAL_SCROLL_PAUSE_MS,
  MOBILE_BREAKPOINT,
} from '../../../config/constants.ts';
import { categorySectionId, SCROLL_SPY_TOLERANCE } from '../constants.ts';
import { layOutAllSections } from './use-laid-out-sections.ts';

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
 * The longest a click's smooth scroll may keep the selection paused when the browser never says that the
 * scroll ended (it does not when there was nothing to scroll).
 */
const SMOOTH_SCROLL_LIMIT_MS = 3000;

/**
 * Tracks the category in view and scrolls to one on request. spec §2: clicking scrolls smoothly, and
 * scroll-based selection pauses for MANUAL_SCROLL_PAUSE_MS after a manual click — and, on a slow phone whose
 * smooth scroll takes longer than that, until the scroll has ended, so the categories it passes on the way
 * never take the selection from the one clicked.
 */
export function useActiveCategory(categoryIds: readonly number[]) {
  const [activeId, setActiveId] = useState<number | null>(categoryIds[0] ?? null);
  const pausedUntil = useRef(0);
  const smoothScrollUntil = useRef(0);
  const idsKey = categoryIds.join(',');

  useEffect(() => {
    const ids = idsKey === '' ? [] : idsKey.split(',').map(Number);
    let frame = 0;
    let resume: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      frame = 0;
      const now = Date.now();
      const until = Math.max(pausedUntil.current, smoothScrollUntil.current);
      if (now < until) {
        // Look again once the pause is over, even if no further scroll event comes.
        clearTimeout(resume);
        resume = setTimeout(onScroll, until - now);
        return;
      }
      setActiveId(categoryAtScrollPosition(ids));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    const onScrollEnd = () => {
      smoothScrollUntil.current = 0;
      onScroll();
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('scrollend', onScrollEnd, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('scrollend', onScrollEnd);
      window.removeEventListener('resize', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
      clearTimeout(resume);
    };
  }, [idsKey]);

  const selectCategory = useCallback((id: number, smooth = true) => {
    const section = document.getElementById(categorySectionId(id));
    if (!section) return;
    // The sections on the way must have their real heights, or the scroll would stop where an estimate put
    // the category (use-laid-out-sections.ts).
    layOutAllSections();
    const now = Date.now();
    pausedUntil.current = now + MANUAL_SCROLL_PAUSE_MS;
    smoothScrollUntil.current = now + SMOOTH_SCROLL_LIMIT_MS;
    setActiveId(id);
    // By the time the scroll ends the header has shrunk, so aim below its smallest height.
    const collapsed =
      window.innerWidth < MOBILE_BREAKPOINT ? HEADER_HEIGHT_MOBILE.min : HEADER_HEIGHT_DESKTOP.min;
    const top = section.getBoundingClientRect().top + window.scrollY - collapsed;
    window.scrollTo({
      top: Math.max(0, top),
      behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto',
    });
    // Keyboard and screen-reader users continue reading from the category they chose.
    section.focus({ preventScroll: true });
  }, []);

  return { activeId, selectCategory };
}
