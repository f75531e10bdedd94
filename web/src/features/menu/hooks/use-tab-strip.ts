import { useCallback, useEffect, useRef, useState } from 'react';

function behaviour(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * The horizontal strip: whether it overflows either way, arrow scrolling, and the active tab kept in view.
 * `contentKey` names what the tabs show (which categories, in which language): it changes their widths.
 */
export function useTabStrip(activeId: number | null, contentKey: string) {
  const ref = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState({ back: false, forward: false });
  const placed = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new tabs change the strip's scroll width
  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const measure = () => {
      const back = strip.scrollLeft > 1;
      const forward = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
      setOverflow((current) =>
        current.back === back && current.forward === forward ? current : { back, forward },
      );
    };
    measure();
    strip.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [contentKey]);

  // The selected tab (chosen by a tap, the drawer or the page's scroll position) is centred in the strip.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tab to centre is the one marked for activeId; new tabs move it
  useEffect(() => {
    const strip = ref.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!strip || !tab) return;
    // Scroll the strip only: scrollIntoView would also move the page. offsetLeft counts from the strip,
    // which is positioned (category-slider.module.css).
    const centred = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
    const left = Math.round(Math.max(0, Math.min(centred, strip.scrollWidth - strip.clientWidth)));
    // Where the strip first appears, the tab is simply there; afterwards the strip glides to it.
    const behavior = placed.current ? behaviour() : 'auto';
    placed.current = true;
    if (Math.abs(strip.scrollLeft - left) >= 1) strip.scrollTo?.({ left, behavior });
  }, [activeId, contentKey]);

  const scrollBy = useCallback((delta: number) => {
    ref.current?.scrollBy?.({ left: delta, behavior: behaviour() });
  }, []);

  return { ref, canScrollBack: overflow.back, canScrollForward: overflow.forward, scrollBy };
}
