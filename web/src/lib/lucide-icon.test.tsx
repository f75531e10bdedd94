// lucide-react's own drawing component (its public `Icon`, which takes an icon's data): what the app's factory matches.
import { Icon as LucideOwnIcon } from 'lucide-react';
import * as chevronDownModule from 'lucide-react/icons/chevron-down';
import * as thumbsUpModule from 'lucide-react/icons/thumbs-up';
import * as wheatModule from 'lucide-react/icons/wheat';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createLucideIcon, iconSvg, type LucideIconData, type LucideIconProps } from './lucide-icon.ts';

/** An icon module's drawing, which its published types do not declare. */
const drawingOf = (module: object) => (module as { __iconData: LucideIconData }).__iconData;
const [chevronDown, thumbsUp, wheat] = [chevronDownModule, thumbsUpModule, wheatModule].map(drawingOf) as [
  LucideIconData,
  LucideIconData,
  LucideIconData,
];

// The props the app passes to its icons (grep lucide-react in web/src).
const CASES: [string, LucideIconData, LucideIconProps][] = [
  ['plain', thumbsUp, {}],
  ['a class, hidden', thumbsUp, { className: 'icon', 'aria-hidden': true }],
  ['a size', chevronDown, { size: 16, 'aria-hidden': true }],
  ['named', wheat, { 'aria-label': 'Gluten', role: 'img' }],
  ['placed and sized in a badge', wheat, { x: 46, y: 46, width: 108, height: 108, 'aria-hidden': true }],
  ['a stroke', wheat, { strokeWidth: 1.5, color: 'red' }],
  ['an absolute stroke', wheat, { size: 48, strokeWidth: 2, absoluteStrokeWidth: true }],
];

describe("the app's icon factory", () => {
  it.each(CASES)('draws what lucide-react draws (%s)', (_case, data, props) => {
    const own = renderToStaticMarkup(createElement(createLucideIcon(data), props));
    const lucide = renderToStaticMarkup(createElement(LucideOwnIcon, { icon: data as never, ...props }));
    expect(own).toBe(lucide);
  });

  it("gives an icon module's drawing as an SVG file in one colour on a transparent ground", () => {
    const text = iconSvg(thumbsUpModule, 'black');
    const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    expect(root.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(root.getAttribute('stroke')).toBe('black');
    expect(root.getAttribute('fill')).toBe('none');
    expect([...root.querySelectorAll('path')].map((path) => path.getAttribute('d'))).toEqual(
      thumbsUp.node.map(([, attributes]) => attributes.d),
    );
    // No React key leaks into the drawing.
    expect(text).not.toContain('key=');
  });

  it('refuses what is not an icon module', () => {
    expect(() => iconSvg({ default: () => null }, 'black')).toThrow(/lucide-react\/icons/);
  });
});
