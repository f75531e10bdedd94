import { useEffect } from 'react';

/**
 * A category section starts with `content-visibility: auto` (category-section.module.css): the first frame
 * lays out only what is near the screen. This attribute ends that for one section.
 */
const LAID_OUT = 'data-laid-out';
const PENDING = `section[data-category-id]:not([${LAID_OUT}])`;

function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 50);
  return () => clearTimeout(id);
}

/**
 * Lays out the sections the first frame skipped, one per idle moment (each a short task, never the whole
 * menu's layout in one), so that soon every section has its real height: the scroll spy and a tap on a
 * category then measure real positions, not estimates. `key` changes when other sections are drawn.
 */
export function useLaidOutSections(key: string): void {
  useEffect(() => {
    if (key === '') return;
    let cancel = whenIdle(function next() {
      const section = document.querySelector(PENDING);
      if (!section) return;
      section.setAttribute(LAID_OUT, '');
      cancel = whenIdle(next);
    });
    return () => cancel();
  }, [key]);
}

/** Lays out every section still skipped, at once: before a jump to a category is measured. */
export function layOutAllSections(): void {
  for (const section of document.querySelectorAll(PENDING)) section.setAttribute(LAID_OUT, '');
}
