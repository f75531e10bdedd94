import { between, blob, ellipse, leaf, lump, pick, type Rng, scatter, shade } from './shapes.ts';

export interface Chunks {
  color: string;
  size: number;
  count: number;
}

const PARSLEY = ['#3f7d2a', '#4e9a34', '#2f6b22'];

export function parsley(rng: Rng, cx: number, cy: number, rx: number, ry: number, count = 9): string {
  return scatter(rng, count, cx, cy, rx, ry)
    .map(([x, y]) => leaf(x, y, between(rng, 12, 20), between(rng, 0, 180), pick(rng, PARSLEY)))
    .join('');
}

export function sprinkle(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string,
  count = 30,
): string {
  return scatter(rng, count, cx, cy, rx, ry)
    .map(([x, y]) => ellipse(x, y, between(rng, 1.2, 2.6), between(rng, 1, 2), color))
    .join('');
}

export function dollop(rng: Rng, cx: number, cy: number, r: number, color = '#fbf7ee'): string {
  return [
    blob(cx, cy + r * 0.15, r * 1.05, r * 0.62, shade(color, -0.12), rng, 0.2),
    blob(cx, cy, r, r * 0.58, color, rng, 0.22),
    ellipse(cx - r * 0.3, cy - r * 0.22, r * 0.35, r * 0.14, '#fff', 'opacity="0.9"'),
  ].join('');
}

export function chunks(rng: Rng, cx: number, cy: number, rx: number, ry: number, list: Chunks[]): string {
  return list
    .flatMap((c) =>
      scatter(rng, c.count, cx, cy, rx, ry).map(([x, y]) =>
        lump(x, y, c.size * between(rng, 0.8, 1.2), c.color, rng),
      ),
    )
    .join('');
}

export function noodles(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string,
  count = 14,
): string {
  return scatter(rng, count, cx, cy, rx, ry)
    .map(([x, y]) => {
      const dx = between(rng, 18, 40);
      const dy = between(rng, -8, 8);
      return `<path d="M${x},${y} q${dx / 2},${dy - 8} ${dx},${dy}" stroke="${color}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
    })
    .join('');
}

/** Soup in a bowl: the broth with a sheen, then what floats in it. */
export function soup(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  broth: string,
  toppings: string,
): string {
  return [
    ellipse(cx, cy, rx, ry, shade(broth, -0.15)),
    ellipse(cx - rx * 0.08, cy - ry * 0.06, rx * 0.9, ry * 0.85, broth),
    ellipse(cx - rx * 0.35, cy - ry * 0.4, rx * 0.35, ry * 0.16, '#fff', 'opacity="0.18"'),
    ...Array.from({ length: 10 }, () => {
      const [[x, y]] = scatter(rng, 1, cx, cy, rx * 0.85, ry * 0.8) as [[number, number]];
      return ellipse(x, y, between(rng, 3, 8), between(rng, 2, 5), shade(broth, 0.35), 'opacity="0.45"');
    }),
    toppings,
  ].join('');
}

/** A pool of sauce with pieces in it, as for a stew or a paprikash. */
export function stew(
  rng: Rng,
  cx: number,
  cy: number,
  sauce: string,
  pieces: Chunks[],
  rx = 115,
  ry = 62,
): string {
  return [
    blob(cx, cy + 6, rx * 1.05, ry * 1.05, shade(sauce, -0.25), rng, 0.12),
    blob(cx, cy, rx, ry, sauce, rng, 0.12),
    chunks(rng, cx, cy - 4, rx * 0.7, ry * 0.6, pieces),
    ellipse(cx - rx * 0.3, cy - ry * 0.45, rx * 0.3, ry * 0.12, '#fff', 'opacity="0.25"'),
  ].join('');
}

/** Nokedli, galuska or similar small dumplings in a heap. */
export function dumplings(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color = '#f3dc93',
  count = 38,
): string {
  return scatter(rng, count, cx, cy, rx, ry)
    .sort((a, b) => a[1] - b[1])
    .map(([x, y]) => {
      const r = between(rng, 9, 14);
      return `<g transform="rotate(${between(rng, -40, 40).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})">${lump(x, y, r, color, rng, 0.55)}</g>`;
    })
    .join('');
}

export function fries(rng: Rng, cx: number, cy: number, count = 16): string {
  return Array.from({ length: count }, () => {
    const x = cx + between(rng, -60, 60);
    const y = cy + between(rng, -30, 30);
    const len = between(rng, 70, 110);
    const color = pick(rng, ['#f2c14e', '#e8b040', '#f5cf63']);
    return `<g transform="rotate(${between(rng, -70, 70).toFixed(0)} ${x.toFixed(1)} ${y.toFixed(1)})"><rect x="${x - len / 2}" y="${y - 7}" width="${len}" height="14" rx="4" fill="${shade(color, -0.25)}"/><rect x="${x - len / 2}" y="${y - 8}" width="${len}" height="11" rx="4" fill="${color}"/></g>`;
  }).join('');
}

/** Something crumbed and fried (schnitzel, fried cheese, nuggets): golden with crumbs. */
export function breaded(rng: Rng, cx: number, cy: number, rx: number, ry: number): string {
  return [
    blob(cx + 4, cy + 8, rx, ry, '#9a5f1c', rng, 0.12),
    blob(cx, cy, rx, ry, '#d99a3a', rng, 0.12),
    blob(cx - rx * 0.1, cy - ry * 0.1, rx * 0.75, ry * 0.7, '#e8b455', rng, 0.15),
    sprinkle(rng, cx, cy, rx * 0.85, ry * 0.8, '#b8782a', 60),
    sprinkle(rng, cx, cy, rx * 0.85, ry * 0.8, '#f6d48a', 40),
  ].join('');
}

export function lemonWedge(cx: number, cy: number, angle = -20): string {
  return `<g transform="rotate(${angle} ${cx} ${cy})"><path d="M${cx - 34},${cy} A34,20 0 0 0 ${cx + 34},${cy} Z" fill="#f7e05a"/><path d="M${cx - 28},${cy + 1} A28,14 0 0 0 ${cx + 28},${cy + 1} Z" fill="#fbf0a0"/><path d="M${cx},${cy + 2} L${cx - 16},${cy + 11} M${cx},${cy + 2} L${cx + 16},${cy + 11} M${cx},${cy + 2} L${cx},${cy + 15}" stroke="#f1d640" stroke-width="2"/></g>`;
}

/** A rolled thing lying on the plate: pancake, cabbage roll, strudel. */
export function roll(
  cx: number,
  cy: number,
  length: number,
  thickness: number,
  color: string,
  angle: number,
  end = shade(color, 0.25),
): string {
  const half = length / 2;
  return `<g transform="rotate(${angle} ${cx} ${cy})"><rect x="${cx - half}" y="${cy - thickness / 2 + 6}" width="${length}" height="${thickness}" rx="${thickness / 2}" fill="${shade(color, -0.3)}"/><rect x="${cx - half}" y="${cy - thickness / 2}" width="${length}" height="${thickness}" rx="${thickness / 2}" fill="${color}"/><rect x="${cx - half + 12}" y="${cy - thickness / 2 + 6}" width="${length - 40}" height="${thickness * 0.22}" rx="${thickness * 0.11}" fill="#fff" opacity="0.28"/>${ellipse(cx + half - thickness * 0.3, cy, thickness * 0.3, thickness / 2 - 2, end)}</g>`;
}

export function drizzle(rng: Rng, cx: number, cy: number, width: number, color: string, strokes = 4): string {
  return Array.from({ length: strokes }, (_, i) => {
    const y = cy + (i - strokes / 2) * 14 + between(rng, -4, 4);
    return `<path d="M${cx - width / 2},${y} q${width / 4},-22 ${width / 2},0 t${width / 2},0" stroke="${color}" stroke-width="${between(rng, 5, 9).toFixed(1)}" fill="none" stroke-linecap="round"/>`;
  }).join('');
}

/** A wedge of layered cake seen from its cut side. */
export function cakeSlice(cx: number, cy: number, layers: string[], top: string): string {
  const w = 190;
  const layerH = 20;
  const h = layers.length * layerH;
  const side = layers
    .map(
      (color, i) =>
        `<rect x="${cx - w / 2}" y="${cy - h + i * layerH}" width="${w}" height="${layerH}" fill="${color}"/>`,
    )
    .join('');
  return [
    `<path d="M${cx - w / 2},${cy - h} L${cx + w / 2},${cy - h} L${cx + w / 2 + 70},${cy - h - 60} L${cx - w / 2 + 40},${cy - h - 62} Z" fill="${top}"/>`,
    `<path d="M${cx + w / 2},${cy - h} L${cx + w / 2 + 70},${cy - h - 60} L${cx + w / 2 + 70},${cy - 60} L${cx + w / 2},${cy} Z" fill="${shade(layers[1] ?? top, -0.3)}"/>`,
    side,
    `<path d="M${cx - w / 2},${cy - h} L${cx + w / 2},${cy - h}" stroke="${shade(top, 0.3)}" stroke-width="3"/>`,
  ].join('');
}

export function salad(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  greens: string[],
  count = 26,
): string {
  return scatter(rng, count, cx, cy, rx, ry)
    .sort((a, b) => a[1] - b[1])
    .map(([x, y]) => leaf(x, y, between(rng, 40, 70), between(rng, 0, 180), pick(rng, greens)))
    .join('');
}

export function slices(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: string,
  inner: string,
  count: number,
  r = 22,
): string {
  return scatter(rng, count, cx, cy, rx, ry)
    .map(
      ([x, y]) =>
        `${ellipse(x, y + 3, r, r * 0.62, shade(color, -0.3))}${ellipse(x, y, r, r * 0.62, color)}${ellipse(x, y, r * 0.72, r * 0.44, inner)}`,
    )
    .join('');
}
