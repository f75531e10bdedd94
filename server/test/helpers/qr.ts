import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp, { type Sharp } from 'sharp';
import { cellOrigin, TABLES_PER_PAGE } from '../../src/modules/qr/sheet.ts';

/** Test support: the printed sheet read back the way a phone would, from pixels. */

const run = promisify(execFile);
const DPI = 150;

async function decodeImage(image: Sharp): Promise<string | null> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

/** Every cell of every page rendered by poppler (`pdftoppm`) and decoded: one entry per cell, null if none. */
export async function decodeSheet(pdf: Buffer): Promise<(string | null)[]> {
  const folder = await mkdtemp(join(tmpdir(), 'tablo-qr-'));
  try {
    await writeFile(join(folder, 'sheet.pdf'), pdf);
    await run('pdftoppm', ['-r', String(DPI), '-png', join(folder, 'sheet.pdf'), join(folder, 'page')]);
    const pages = (await readdir(folder)).filter((f) => f.endsWith('.png')).sort();
    const scale = DPI / 72;
    const found: (string | null)[] = [];
    for (const page of pages) {
      const png = await sharp(join(folder, page)).toBuffer();
      for (let slot = 0; slot < TABLES_PER_PAGE; slot++) {
        const cell = cellOrigin(slot);
        const region = {
          left: Math.floor(cell.x * scale),
          top: Math.floor(cell.y * scale),
          width: Math.floor(cell.width * scale),
          height: Math.floor(cell.height * scale),
        };
        found.push(await decodeImage(sharp(png).extract(region)));
      }
    }
    return found;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The text poppler extracts (`pdftotext`): proves the fonts carry every accent. */
export async function sheetText(pdf: Buffer): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'tablo-qr-'));
  try {
    await writeFile(join(folder, 'sheet.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-layout', join(folder, 'sheet.pdf'), '-']);
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** An SVG rasterised (librsvg through sharp) and decoded. */
export function decodeSvg(svg: string): Promise<string | null> {
  return decodeImage(sharp(Buffer.from(svg), { density: 300 }).flatten({ background: '#ffffff' }));
}
