import { createElement, type ReactNode, type SVGProps } from 'react';

/** One of lucide's icon drawings: its elements, as each `lucide-react/icons/*` module declares them. */
type IconNode = readonly (readonly [string, Record<string, string | number>, IconNode?])[];
export interface LucideIconData {
  name?: string;
  size?: number;
  node: IconNode;
}
export type LucideIconProps = SVGProps<SVGSVGElement> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
};

function draw(node: IconNode): ReactNode[] {
  return node.map(([tag, attributes, children]) =>
    createElement(tag, attributes, ...(children ? draw(children) : [])),
  );
}

/**
 * lucide-react's `createLucideIcon`, with what this app uses of it and nothing else (decision record 036):
 * the same `<svg>` — lucide's attributes and class names, `aria-hidden` unless the icon has an accessible name,
 * `size`, `color`, `strokeWidth` — without its context provider, alias classes and class merging. The build
 * loads this module in place of lucide's own (`tablo:lean-lucide`, web/lean-lucide-plugin.ts); the icons'
 * drawings stay lucide's.
 */
export function createLucideIcon(data: LucideIconData) {
  const box = data.size ?? 24;
  function LucideIcon({
    className,
    size = 24,
    color = 'currentColor',
    strokeWidth = 2,
    absoluteStrokeWidth = false,
    children,
    ...rest
  }: LucideIconProps) {
    const named =
      Boolean(children) ||
      Object.keys(rest).some(
        (key) =>
          (key.startsWith('aria-') || key === 'role' || key === 'title') && rest[key as 'role'] != null,
      );
    return createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size) : strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: ['lucide', data.name && `lucide-${data.name}`, className].filter(Boolean).join(' '),
        ...(named ? {} : { 'aria-hidden': 'true' }),
        ...rest,
      },
      ...draw(data.node),
      children,
    );
  }
  return LucideIcon;
}

function markup(node: IconNode): string {
  return node
    .map(([tag, attributes, children]) => {
      const pairs = Object.entries(attributes)
        .filter(([name]) => name !== 'key')
        .map(
          ([name, value]) => ` ${name}="${String(value).replace(/[&<"]/g, (c) => `&#${c.charCodeAt(0)};`)}"`,
        );
      return `<${tag}${pairs.join('')}>${children ? markup(children) : ''}</${tag}>`;
    })
    .join('');
}

/**
 * An icon module's drawing as an SVG file's text, stroked in `colour`: the source the rating pictures are
 * rasterised from (decision records 047, 050). Takes the icon's module (`import * as thumbsUp from
 * 'lucide-react/icons/thumbs-up'`): its drawing is the module's `__iconData`, which lucide's published types
 * do not declare.
 */
export function iconSvg(iconModule: object, colour: string): string {
  const data = (iconModule as { __iconData?: LucideIconData }).__iconData;
  if (!Array.isArray(data?.node)) throw new Error('iconSvg: not a lucide-react/icons/* module');
  const box = data.size ?? 24;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${box} ${box}" fill="none" stroke="${colour}" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${markup(data.node)}</svg>`
  );
}
