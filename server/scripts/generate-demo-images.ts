/**
 * Renders the demo menu's dish pictures and the restaurant's header image as WebP into web/public/images.
 * Run by hand after changing the demo menu or a picture (its output is committed):
 *   npx tsx server/scripts/generate-demo-images.ts [--preview <folder>] [--only <ref,ref>]
 * `--preview` also writes PNGs there, to look at. Why procedural: docs/decisions/007-demo-data.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { DEMO_MENU } from '../src/demo/menu/demo-menu.ts';
import { PICTURES } from './demo-images/dishes.ts';
import { heroScene } from './demo-images/hero.ts';
import { backdrop, defs, finish, HEIGHT, WIDTH } from './demo-images/scene.ts';
import { seededRng } from './demo-images/shapes.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../web/public', import.meta.url));
const DISH_LIMIT = 30 * 1024;
// The header shows it behind a dark scrim, and it is the menu page's largest paint: kept light for phones.
const HERO_LIMIT = 20 * 1024;
/** Wide enough for the 1366 px desktop header (a slight upscale under the scrim does not show). */
const HERO_OUTPUT_WIDTH = 1280;

function dishSvg(ref: string): string {
  const picture = PICTURES[ref];
  if (!picture) throw new Error(`No picture is drawn for "${ref}": add one to scripts/demo-images/dishes.ts`);
  const rng = seededRng(ref);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${defs()}${backdrop(picture.backdrop, rng)}${picture.draw(rng)}${finish()}</svg>`;
}

/** The best quality that still fits the size budget. */
async function toWebp(svg: string, limit: number, width?: number): Promise<Buffer> {
  for (let quality = 68; quality >= 40; quality -= 4) {
    const webp = await sharp(Buffer.from(svg))
      .resize(width)
      .webp({ quality, effort: 6, smartSubsample: true })
      .toBuffer();
    if (webp.length <= limit) return webp;
  }
  throw new Error(`Cannot fit a picture into ${limit} bytes`);
}

async function write(
  svg: string,
  file: string,
  limit: number,
  preview: string | undefined,
  name: string,
  width?: number,
) {
  const webp = await toWebp(svg, limit, width);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, webp);
  if (preview)
    await sharp(Buffer.from(svg))
      .png()
      .toFile(join(preview, `${name}.png`));
  console.info(`${(webp.length / 1024).toFixed(1).padStart(5)} KB  ${file.slice(PUBLIC_DIR.length)}`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { preview: { type: 'string' }, only: { type: 'string' } } });
  const only = values.only ? new Set(values.only.split(',')) : null;
  if (values.preview) mkdirSync(values.preview, { recursive: true });
  const refs = DEMO_MENU.categories.flatMap((c) =>
    c.items.filter((i) => i.imageUrl !== null).map((i) => i.ref),
  );
  for (const ref of refs) {
    if (only && !only.has(ref)) continue;
    await write(
      dishSvg(ref),
      join(PUBLIC_DIR, 'images', 'menu', `${ref}.webp`),
      DISH_LIMIT,
      values.preview,
      ref,
    );
  }
  if (!only || only.has('restaurant')) {
    await write(
      heroScene(),
      join(PUBLIC_DIR, 'images', 'demo', 'restaurant.webp'),
      HERO_LIMIT,
      values.preview,
      'restaurant',
      HERO_OUTPUT_WIDTH,
    );
  }
}

await main();
