import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layOutAllSections, useLaidOutSections } from './use-laid-out-sections.ts';

function Sections({ ids }: { ids: number[] }) {
  useLaidOutSections(ids.join(','));
  return (
    <>
      {ids.map((id) => (
        <section key={id} data-category-id={id} />
      ))}
    </>
  );
}

const laidOut = () =>
  [...document.querySelectorAll('section')].map((section) => section.hasAttribute('data-laid-out'));

describe('useLaidOutSections (decision 043)', () => {
  const idle: (() => void)[] = [];
  beforeEach(() => {
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', () => {});
  });
  afterEach(() => {
    cleanup();
    idle.length = 0;
    vi.unstubAllGlobals();
  });

  it('lays out one skipped section per idle moment, in order, until none is left', () => {
    render(<Sections ids={[1, 2, 3]} />);
    expect(laidOut()).toEqual([false, false, false]);
    idle.shift()?.();
    expect(laidOut()).toEqual([true, false, false]);
    idle.shift()?.();
    idle.shift()?.();
    expect(laidOut()).toEqual([true, true, true]);
    idle.shift()?.();
    expect(idle).toHaveLength(0);
  });

  it('lays out the sections drawn later too', () => {
    const { rerender } = render(<Sections ids={[1]} />);
    idle.shift()?.();
    rerender(<Sections ids={[1, 2]} />);
    while (idle.length > 0) idle.shift()?.();
    expect(laidOut()).toEqual([true, true]);
  });

  it('lays out every section at once before a jump is measured', () => {
    render(<Sections ids={[1, 2, 3]} />);
    layOutAllSections();
    expect(laidOut()).toEqual([true, true, true]);
  });
});
