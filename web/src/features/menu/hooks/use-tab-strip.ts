import { useCallback, useEffect, useRef, useState } from 'react';

function behaviour(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** The horizontal strip: whether it overflows either way, arrow scrolling, and the active tab kept in view. */
export function useTabStrip(_activeId: number | null, contentKey: string) {
  const ref = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState({ back: false, forward: false });

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

  useEffect(() => {
    const strip = ref.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!strip || !tab) return;
    // Scroll the strip only: scrollIntoView would also move the page.
    const left = tab.offsetLeft - strip.clientWidth / 2 + tab.offsetWidth / 2;
    strip.scrollTo?.({ left: Math.max(0, left), behavior: behaviour() });
  }, []);

  const scrollBy = useCallback((delta: number) => {
    ref.current?.scrollBy?.({ left: delta, behavior: behaviour() });
  }, []);

  return { ref, canScrollBack: overflow.back, canScrollForward: overflow.forward, scrollBy };
}
