import { groundShadow } from './scene.ts';
import { ellipse, shade } from './shapes.ts';

let clips = 0;
/** Clip paths need ids unique within one picture (a picture may hold several glasses). */
function clipId(base: string): string {
  clips += 1;
  return `${base}${clips}`;
}

export type Material = 'porcelain' | 'iron' | 'clay';

const SIDE_FILL: Record<Material, string> = {
  porcelain: 'url(#porcelainSide)',
  iron: 'url(#iron)',
  clay: 'url(#clay)',
};
const RIM: Record<Material, string> = { porcelain: '#fbfaf6', iron: '#3a3a3a', clay: '#d27a4a' };
const INNER: Record<Material, string> = { porcelain: '#e4e0d8', iron: '#1b1b1b', clay: '#9b4a25' };

/** A deep bowl (or a cauldron, in iron) seen from above at an angle; `content` is clipped to its inside. */
export function bowl(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  material: Material,
  content: string,
): string {
  const depth = ry * 0.95;
  const body = `M${cx - rx},${cy} C${cx - rx},${cy + depth * 1.3} ${cx + rx},${cy + depth * 1.3} ${cx + rx},${cy} Z`;
  const handles =
    material === 'iron'
      ? `<path d="M${cx - rx * 0.98},${cy - ry * 0.2} Q${cx},${cy - ry * 2.6} ${cx + rx * 0.98},${cy - ry * 0.2}" stroke="#222" stroke-width="7" fill="none"/>`
      : '';
  const inner = { rx: rx * 0.9, ry: ry * 0.86 };
  const id = clipId('inside');
  return [
    groundShadow(cx, cy + depth * 0.7, rx * 1.05, ry * 0.75),
    handles,
    `<path d="${body}" fill="${SIDE_FILL[material]}"/>`,
    ellipse(cx, cy, rx, ry, RIM[material]),
    ellipse(cx, cy + 2, inner.rx, inner.ry, INNER[material]),
    `<clipPath id="${id}"><ellipse cx="${cx}" cy="${cy + ry * 0.08}" rx="${inner.rx * 0.97}" ry="${inner.ry * 0.9}"/></clipPath>`,
    `<g clip-path="url(#${id})">${content}</g>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx - 3}" ry="${ry - 2}" fill="none" stroke="#fff" stroke-width="3" opacity="${material === 'porcelain' ? 0.8 : 0.25}"/>`,
  ].join('');
}

/** A wide plate; `content` is drawn on it unclipped (food may sit over the rim). */
export function plate(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  content: string,
  rimColor = '#fbfaf6',
): string {
  return [
    groundShadow(cx, cy + ry * 0.1, rx * 1.02, ry * 0.95, 0.4),
    ellipse(cx, cy + 10, rx, ry, '#b9b3a8'),
    ellipse(cx, cy, rx, ry, rimColor),
    ellipse(cx, cy + 4, rx * 0.72, ry * 0.7, shade(rimColor, -0.07)),
    ellipse(cx - rx * 0.05, cy, rx * 0.7, ry * 0.66, rimColor),
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.86}" ry="${ry * 0.84}" fill="none" stroke="#c8a24a" stroke-width="2" opacity="0.5"/>`,
    content,
  ].join('');
}

/** A coffee cup on its saucer, seen from above at an angle; `surface` is drawn inside the cup. */
export function cup(cx: number, cy: number, surface: string, glassCup = false): string {
  const r = 95;
  const id = clipId('cup');
  return [
    groundShadow(cx, cy + 40, 190, 80),
    ellipse(cx, cy + 48, 190, 82, '#cfcac1'),
    ellipse(cx, cy + 40, 186, 78, '#fbfaf6'),
    ellipse(cx, cy + 44, 120, 50, '#e6e1d8'),
    `<path d="M${cx + r - 6},${cy + 5} q70,-10 62,38 q-6,30 -60,28" stroke="${glassCup ? '#ddd' : '#f4f2ec'}" stroke-width="16" fill="none"/>`,
    `<path d="M${cx - r},${cy} C${cx - r},${cy + 120} ${cx + r},${cy + 120} ${cx + r},${cy} Z" fill="${glassCup ? '#d9c2b0' : 'url(#porcelainSide)'}" opacity="${glassCup ? 0.55 : 1}"/>`,
    ellipse(cx, cy, r, r * 0.48, '#f7f5f0'),
    `<clipPath id="${id}"><ellipse cx="${cx}" cy="${cy + 3}" rx="${r - 9}" ry="${r * 0.48 - 7}"/></clipPath>`,
    `<g clip-path="url(#${id})">${surface}</g>`,
  ].join('');
}

/** A stemmed wine glass filled to `level` (0–1) with `wine`. */
export function wineGlass(cx: number, base: number, wine: string, level = 0.45, scale = 1): string {
  const w = 78 * scale;
  const top = base - 300 * scale;
  const bowlBottom = base - 130 * scale;
  const wineTop = bowlBottom - (bowlBottom - top) * level;
  const id = clipId('wine');
  const half = (y: number) => w * Math.sin(Math.min(1, (bowlBottom - y) / (bowlBottom - top) + 0.25) * 1.45);
  const bowlPath = `M${cx - w * 0.78},${top} C${cx - w * 1.1},${bowlBottom - 40 * scale} ${cx - w * 0.6},${bowlBottom} ${cx},${bowlBottom} C${cx + w * 0.6},${bowlBottom} ${cx + w * 1.1},${bowlBottom - 40 * scale} ${cx + w * 0.78},${top} Z`;
  return [
    groundShadow(cx, base, w * 1.1, 18 * scale, 0.5),
    ellipse(cx, base, w * 0.75, 14 * scale, '#fff', 'opacity="0.35"'),
    `<rect x="${cx - 4 * scale}" y="${bowlBottom}" width="${8 * scale}" height="${base - bowlBottom}" fill="#fff" opacity="0.45"/>`,
    `<clipPath id="${id}"><path d="${bowlPath}"/></clipPath>`,
    `<g clip-path="url(#${id})"><rect x="${cx - w * 1.2}" y="${wineTop}" width="${w * 2.4}" height="${bowlBottom - wineTop + 2}" fill="${wine}"/>`,
    ellipse(cx, wineTop, half(wineTop) * 0.95, 9 * scale, shade(wine, 0.25)),
    `</g>`,
    `<path d="${bowlPath}" fill="url(#glass)" stroke="#fff" stroke-opacity="0.55" stroke-width="2.5"/>`,
    `<path d="M${cx - w * 0.6},${top + 30 * scale} C${cx - w * 0.85},${bowlBottom - 70 * scale} ${cx - w * 0.55},${bowlBottom - 25 * scale} ${cx - w * 0.3},${bowlBottom - 12 * scale}" stroke="#fff" stroke-width="${6 * scale}" fill="none" opacity="0.35" stroke-linecap="round"/>`,
  ].join('');
}

/** A straight glass (tumbler, shot, long drink or beer mug) filled to `level` with `liquid`. */
export function tumbler(
  cx: number,
  base: number,
  width: number,
  height: number,
  liquid: string,
  level: number,
  extras: { foam?: boolean; handle?: boolean; inside?: string } = {},
): string {
  const top = base - height;
  const topW = width / 2;
  const bottomW = (width / 2) * 0.88;
  const outline = `M${cx - topW},${top} L${cx - bottomW},${base} Q${cx},${base + 10} ${cx + bottomW},${base} L${cx + topW},${top} Z`;
  const surface = base - height * level;
  const id = clipId('tumbler');
  return [
    groundShadow(cx, base, width * 0.65, 16, 0.5),
    extras.handle
      ? `<path d="M${cx + topW - 4},${top + height * 0.2} q${width * 0.42},0 ${width * 0.36},${height * 0.3} q-4,${height * 0.28} -${width * 0.36},${height * 0.3}" stroke="#fff" stroke-opacity="0.5" stroke-width="14" fill="none"/>`
      : '',
    `<clipPath id="${id}"><path d="${outline}"/></clipPath>`,
    `<g clip-path="url(#${id})"><rect x="${cx - topW}" y="${surface}" width="${width}" height="${base - surface + 12}" fill="${liquid}" opacity="0.92"/>`,
    `<rect x="${cx - topW}" y="${surface}" width="${width}" height="${base - surface + 12}" fill="url(#glass)"/>`,
    extras.inside ?? '',
    extras.foam
      ? `<rect x="${cx - topW}" y="${surface - 34}" width="${width}" height="40" fill="#fbf4e2"/>${ellipse(cx, surface - 34, topW, 10, '#fffaf0')}`
      : ellipse(cx, surface, topW * 0.98, 8, shade(liquid, 0.3), 'opacity="0.8"'),
    `</g>`,
    `<path d="${outline}" fill="url(#glass)" stroke="#fff" stroke-opacity="0.6" stroke-width="2.5"/>`,
    ellipse(cx, top, topW, 9, 'none', 'stroke="#fff" stroke-opacity="0.7" stroke-width="2.5"'),
    `<rect x="${cx - topW + 10}" y="${top + 14}" width="7" height="${height - 30}" rx="3" fill="#fff" opacity="0.35"/>`,
  ].join('');
}
