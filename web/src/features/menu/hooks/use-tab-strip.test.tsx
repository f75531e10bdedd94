import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useTabStrip } from './use-tab-strip.ts';

// happy-dom lays nothing out: ten 100 px tabs side by side in a 300 px wide strip (1000 px of tabs).
const TAB_WIDTH = 100;
const STRIP_WIDTH = 300;
const IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

function Strip({ activeId, contentKey = 'hu' }: { activeId: number | null; contentKey?: string }) {
  const strip = useTabStrip(activeId, contentKey);
  return (
    <ul ref={strip.ref} data-testid="strip">
      {IDS.map((id) => (
        <li key={id}>
          <a href={`#category-${id}`} data-index={id - 1} aria-current={id === activeId ? 'true' : undefined}>
            {`Category ${id}`}
          </a>
        </li>
      ))}
    </ul>
  );
}

const restore: (() => void)[] = [];

/** Replaces a layout getter on a prototype (happy-dom lacks some, such as offsetLeft) until the test ends. */
function stubGetter(prototype: object, name: string, get: (element: HTMLElement) => number) {
  const original = Object.getOwnPropertyDescriptor(prototype, name);
  Object.defineProperty(prototype, name, {
    configurable: true,
    get(this: HTMLElement) {
      return get(this);
    },
  });
  restore.push(() => {
    if (original) Object.defineProperty(prototype, name, original);
    else Reflect.deleteProperty(prototype, name);
  });
}

function stubLayout() {
  const isStrip = (element: Element) => element.tagName === 'UL';
  const index = (element: HTMLElement) => Number(element.dataset.index ?? 0);
  stubGetter(HTMLElement.prototype, 'offsetLeft', (e) => (isStrip(e) ? 0 : index(e) * TAB_WIDTH));
  stubGetter(HTMLElement.prototype, 'offsetWidth', (e) => (isStrip(e) ? STRIP_WIDTH : TAB_WIDTH));
  stubGetter(HTMLElement.prototype, 'clientWidth', (e) => (isStrip(e) ? STRIP_WIDTH : TAB_WIDTH));
  stubGetter(Element.prototype, 'scrollWidth', (e) => (isStrip(e) ? IDS.length * TAB_WIDTH : TAB_WIDTH));
  // The strip's scroll position, moved only by scrollTo (recorded, so the test sees how it moved).
  const positions = new WeakMap<Element, number>();
  stubGetter(Element.prototype, 'scrollLeft', (e) => positions.get(e) ?? 0);
  const scrollTo = vi.fn(function (this: Element, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.left !== undefined) positions.set(this, options.left);
  });
  vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(scrollTo as Element['scrollTo']);
  const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
  const windowScroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  return { scrollTo, scrollIntoView, windowScroll };
}

function reducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('useTabStrip: the selected tab kept in view', () => {
  let layout: ReturnType<typeof stubLayout>;
  beforeEach(() => {
    layout = stubLayout();
    reducedMotion(false);
  });
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });

  const stripLeft = (container: HTMLElement) =>
    (container.querySelector('[data-testid="strip"]') as HTMLElement).scrollLeft;

  it('scrolls the strip smoothly to centre a category selected far to the right, and back', () => {
    const { container, rerender } = render(<Strip activeId={1} />);
    expect(stripLeft(container)).toBe(0);

    // Category 7 spans 600–700 px: centred in a 300 px strip, the strip starts at 500.
    rerender(<Strip activeId={7} />);
    expect(layout.scrollTo).toHaveBeenLastCalledWith({ left: 500, behavior: 'smooth' });
    expect(stripLeft(container)).toBe(500);

    rerender(<Strip activeId={2} />);
    expect(layout.scrollTo).toHaveBeenLastCalledWith({ left: 0, behavior: 'smooth' });
    expect(stripLeft(container)).toBe(0);
  });

  it('stops at the end of the strip for the last category', () => {
    const { container, rerender } = render(<Strip activeId={1} />);
    rerender(<Strip activeId={10} />);
    // 1000 px of tabs, 300 px shown: the strip cannot scroll past 700.
    expect(layout.scrollTo).toHaveBeenLastCalledWith({ left: 700, behavior: 'smooth' });
    expect(stripLeft(container)).toBe(700);
  });

  it('moves only the strip, never the page', () => {
    const { rerender } = render(<Strip activeId={1} />);
    rerender(<Strip activeId={9} />);
    expect(layout.scrollTo.mock.calls).toEqual([[{ left: 700, behavior: 'smooth' }]]);
    expect(layout.scrollTo.mock.contexts[0]).toHaveProperty('tagName', 'UL');
    expect(layout.scrollIntoView).not.toHaveBeenCalled();
    expect(layout.windowScroll).not.toHaveBeenCalled();
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    reducedMotion(true);
    const { rerender } = render(<Strip activeId={1} />);
    rerender(<Strip activeId={6} />);
    expect(layout.scrollTo).toHaveBeenLastCalledWith({ left: 400, behavior: 'auto' });
  });

  it('shows a strip that appears with a far category selected already there, without gliding', () => {
    const { container } = render(<Strip activeId={8} />);
    expect(layout.scrollTo).toHaveBeenLastCalledWith({ left: 600, behavior: 'auto' });
    expect(stripLeft(container)).toBe(600);
  });

  it('leaves the strip alone while nothing new is selected', () => {
    const { rerender } = render(<Strip activeId={5} />);
    layout.scrollTo.mockClear();
    rerender(<Strip activeId={5} />);
    rerender(<Strip activeId={null} />);
    expect(layout.scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the selected tab in view when the tabs change (another language, other widths)', () => {
    const { rerender } = render(<Strip activeId={1} contentKey="hu" />);
    rerender(<Strip activeId={6} contentKey="hu" />);
    layout.scrollTo.mockClear();
    // The strip was swiped away from the selected tab, then the tabs were written again.
    layout.scrollTo.call(document.querySelector('ul') as Element, { left: 0 });
    layout.scrollTo.mockClear();
    rerender(<Strip activeId={6} contentKey="en" />);
    expect(layout.scrollTo).toHaveBeenLastCalledWith({ left: 400, behavior: 'smooth' });
  });
});
