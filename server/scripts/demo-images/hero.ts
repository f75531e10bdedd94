import { PICTURES } from './dishes.ts';
import { backdrop, defs } from './scene.ts';
import { seededRng } from './shapes.ts';

export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 600;

/** Where each dish sits on the hero's table: its 800×450 drawing moved and scaled. */
const TABLE: [ref: string, x: number, y: number, scale: number][] = [
  ['egri-bikaver', 1190, -10, 0.72],
  ['gulyasleves', -60, 110, 0.85],
  ['langos', 1180, 250, 0.62],
  ['paprikas-csirke', 520, 170, 0.95],
  ['somloi-galuska', 300, -60, 0.6],
  ['bodzas-limonade', 940, 40, 0.62],
];

/** The restaurant's header: a bistro table seen from above with a few of its dishes, darker on the left. */
export function heroScene(): string {
  const rng = seededRng('restaurant');
  const dishes = TABLE.map(([ref, x, y, scale]) => {
    const picture = PICTURES[ref];
    if (!picture) throw new Error(`No picture for ${ref}`);
    return `<g transform="translate(${x} ${y}) scale(${scale})">${picture.draw(seededRng(ref))}</g>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${HERO_WIDTH}" height="${HERO_HEIGHT}" viewBox="0 0 ${HERO_WIDTH} ${HERO_HEIGHT}">${defs()}
<linearGradient id="heroShade" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="#000" stop-opacity="0.55"/><stop offset="45%" stop-color="#000" stop-opacity="0.15"/><stop offset="100%" stop-color="#000" stop-opacity="0.05"/></linearGradient>
<g transform="scale(2 1.34)">${backdrop('wood', rng)}</g>
<g transform="translate(0 230) scale(2 0.5)"><rect width="800" height="280" fill="url(#gingham)"/></g>
${dishes}
<rect width="${HERO_WIDTH}" height="${HERO_HEIGHT}" fill="url(#heroShade)"/>
<rect width="${HERO_WIDTH}" height="${HERO_HEIGHT}" fill="url(#vignette)"/></svg>`;
}
