import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUBIK_FACES, RUBIK_FAMILY } from './web-fonts.ts';

/** The faces fonts.css declares for pages without scripts: file and unicode-range of each. */
function stylesheetFaces(): { file: string; unicodeRange: string }[] {
  const css = readFileSync(join(import.meta.dirname, '../styles/fonts.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((body) => body.includes(`font-family: "${RUBIK_FAMILY}"`))
    .map((body) => ({
      file: /url\("[^"]*\/([^/"]+\.woff2)"\)/.exec(body)?.[1] ?? '',
      unicodeRange: (/unicode-range:([^;]*);/.exec(body)?.[1] ?? '').replace(/\s+/g, ' ').trim(),
    }));
}

describe('the Rubik faces the app adds', () => {
  it('are the files and ranges the stylesheet declares for pages without scripts', () => {
    const added = RUBIK_FACES.map(({ url, unicodeRange }) => ({
      file:
        url
          .split('/')
          .at(-1)
          ?.replace(/-[\w-]{8}\.woff2$/, '.woff2') ?? '',
      unicodeRange,
    }));
    expect(added).toEqual(stylesheetFaces());
    expect(added).toHaveLength(2);
  });
});
