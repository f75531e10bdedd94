import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
// By path, not `@tablo/contract/…`: Vite bundles the config's relative imports, but leaves a package's to Node,
// which cannot load the contract's TypeScript.
import {
  PICTURE_VARIANTS_DIR,
  type PictureKind,
  pictureKindOf,
  variantPath,
} from '../contract/src/picture-variants.ts';

/** Measured on the demo pictures (decision record 039): a 320 w dish copy is ~2.9 KB at 70, ~3.7 KB at 80. */
const QUALITY = 70;
/** Build time only: the slower encoder makes ~5% smaller files. */
const EFFORT = 6;
/** Pictures resized at once (libvips uses threads of its own for each). */
const PARALLEL = 4;

export interface VariantsReport {
  /** Copies written (paths under the images folder). */
  written: string[];
  /** Copies not made because the picture is narrower than their width (never upscaled). */
  tooNarrow: string[];
  /** Copies removed because their picture is gone. */
  removed: string[];
}

/**
 * Writes the resized copies of the app's own pictures (`@tablo/contract/picture-variants`) into
 * `<imagesDir>/variants/`: one per width the picture's kind names, never wider than the picture itself. A copy
 * newer than its picture is left alone, so a build with nothing changed reads only the files' dates; copies of
 * pictures that are gone are removed.
 */
export async function writePictureVariants(imagesDir: string): Promise<VariantsReport> {
  const report: VariantsReport = { written: [], tooNarrow: [], removed: [] };
  const wanted = new Set<string>();
  const pictures = filesUnder(imagesDir)
    .map((file) => relative(imagesDir, file).split(sep).join('/'))
    .filter((path) => !path.startsWith(`${PICTURE_VARIANTS_DIR}/`))
    .flatMap((path) => {
      const kind = pictureKindOf(path);
      return kind ? [{ path, kind }] : [];
    });
  for (const { path, kind } of pictures)
    for (const width of kind.widths) wanted.add(variantPath(path, width));

  for (let i = 0; i < pictures.length; i += PARALLEL) {
    await Promise.all(
      pictures.slice(i, i + PARALLEL).map((picture) => writeVariantsOf(imagesDir, picture, report)),
    );
  }

  for (const file of filesUnder(join(imagesDir, PICTURE_VARIANTS_DIR))) {
    const path = relative(imagesDir, file).split(sep).join('/');
    if (wanted.has(path)) continue;
    rmSync(file);
    report.removed.push(path);
  }
  return report;
}

async function writeVariantsOf(
  imagesDir: string,
  { path, kind }: { path: string; kind: PictureKind },
  report: VariantsReport,
): Promise<void> {
  const source = join(imagesDir, path);
  const sourceTime = statSync(source).mtimeMs;
  const stale = kind.widths.filter((width) => {
    const copy = statSync(join(imagesDir, variantPath(path, width)), { throwIfNoEntry: false });
    return !copy || copy.mtimeMs < sourceTime;
  });
  if (stale.length === 0) return;
  const { width: sourceWidth = 0 } = await sharp(source).metadata();
  for (const width of stale) {
    const target = variantPath(path, width);
    if (width > sourceWidth) {
      report.tooNarrow.push(target);
      continue;
    }
    const file = join(imagesDir, target);
    mkdirSync(dirname(file), { recursive: true });
    // Written aside and renamed: an interrupted build never leaves half a picture that looks up to date.
    const partial = `${file}.${process.pid}.tmp`;
    await sharp(source).resize({ width }).webp({ quality: QUALITY, effort: EFFORT }).toFile(partial);
    renameSync(partial, file);
    report.written.push(target);
  }
}

function filesUnder(dir: string): string[] {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Resized copies of the app's pictures for `srcset` (decision record 039), written into
 * public/images/variants (git-ignored) when the dev server or the browser build starts, so both serve them as
 * public files and the build copies them into dist. A picture narrower than a copy's width is reported: its
 * srcset would name a file that is not there.
 */
export function pictureVariants(): Plugin {
  let imagesDir = '';
  return {
    name: 'tablo:picture-variants',
    configResolved(config) {
      // The server renderer's build has no public files.
      imagesDir = config.build.ssr || !config.publicDir ? '' : join(config.publicDir, 'images');
    },
    async buildStart() {
      if (imagesDir === '') return;
      const report = await writePictureVariants(imagesDir);
      for (const path of report.tooNarrow) {
        this.warn(`${path}: the picture is narrower than this width, so its srcset names a missing file`);
      }
    },
  };
}
