import {
  breaded,
  cakeSlice,
  chunks,
  dollop,
  drizzle,
  dumplings,
  fries,
  lemonWedge,
  noodles,
  parsley,
  roll,
  salad,
  slices,
  soup,
  sprinkle,
  stew,
} from './foods.ts';
import type { Backdrop } from './scene.ts';
import { steam } from './scene.ts';
import { between, blob, ellipse, leaf, lump, type Rng, scatter } from './shapes.ts';
import { bowl, cup, type Material, plate, tumbler, wineGlass } from './vessels.ts';

export interface Picture {
  backdrop: Backdrop;
  draw(rng: Rng): string;
}

const P = { cx: 400, cy: 250, rx: 320, ry: 165 };
const B = { cx: 400, cy: 215, rx: 255, ry: 128 };
const SOUP = { cx: B.cx, cy: B.cy + 10, rx: B.rx * 0.86, ry: B.ry * 0.76 };

/** Enlarges a drawing about a point, so the food (not the table) fills the frame. */
function zoom(svg: string, scale: number, cx: number, cy: number): string {
  return `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(${-cx} ${-cy})">${svg}</g>`;
}

function soupBowl(
  backdrop: Backdrop,
  material: Material,
  broth: string,
  toppings: (rng: Rng) => string,
): Picture {
  return {
    backdrop,
    draw: (rng) =>
      bowl(
        B.cx,
        B.cy,
        B.rx,
        B.ry,
        material,
        soup(rng, SOUP.cx, SOUP.cy, SOUP.rx, SOUP.ry, broth, toppings(rng)),
      ) + steam(B.cx, B.cy - 40, rng),
  };
}

function onPlate(backdrop: Backdrop, content: (rng: Rng) => string, hot = false): Picture {
  return {
    backdrop,
    draw: (rng) =>
      plate(P.cx, P.cy, P.rx, P.ry, zoom(content(rng), 1.22, P.cx, P.cy)) +
      (hot ? steam(P.cx, P.cy - 60, rng) : ''),
  };
}

const GREENS = ['#5b9a3c', '#76b041', '#3f7d2a', '#8cc152'];

function coffee(surface: (rng: Rng) => string, glassCup = false): Picture {
  return {
    backdrop: 'wood',
    draw: (rng) => zoom(cup(400, 215, surface(rng), glassCup), 1.4, 400, 240) + steam(400, 130, rng),
  };
}

function latteArt(rng: Rng, base: string, milk: string): string {
  return [
    ellipse(400, 218, 90, 44, base),
    blob(400, 222, 38, 20, milk, rng, 0.1),
    `<path d="M400,196 C370,176 340,214 400,244 C460,214 430,176 400,196Z" fill="${milk}" opacity="0.95"/>`,
  ].join('');
}

function ice(rng: Rng, cx: number, top: number, width: number): string {
  return Array.from({ length: 4 }, (_, i) => {
    const x = cx + between(rng, -width / 3, width / 3);
    const y = top + 30 + i * 45;
    return `<rect x="${x - 20}" y="${y}" width="40" height="36" rx="6" fill="#fff" opacity="0.35" transform="rotate(${between(rng, -20, 20).toFixed(0)} ${x} ${y})"/>`;
  }).join('');
}

function longDrink(liquid: string, garnish: (rng: Rng) => string): Picture {
  return {
    backdrop: 'linen',
    draw: (rng) =>
      tumbler(400, 410, 170, 320, liquid, 0.82, { inside: ice(rng, 400, 140, 170) }) +
      `<rect x="430" y="40" width="12" height="230" rx="5" fill="#e74c3c" transform="rotate(12 436 150)"/>` +
      garnish(rng),
  };
}

function bottleAndGlass(liquid: string, label: string, bottleColor = '#cfe8d8'): Picture {
  return {
    backdrop: 'wood',
    draw: () =>
      `<path d="M270,410 L270,210 Q270,170 295,150 L295,70 L335,70 L335,150 Q360,170 360,210 L360,410 Q315,425 270,410Z" fill="${bottleColor}" opacity="0.75"/>` +
      `<rect x="272" y="250" width="86" height="90" fill="${label}"/><rect x="272" y="265" width="86" height="14" fill="#fff" opacity="0.7"/>` +
      `<rect x="291" y="58" width="48" height="18" rx="4" fill="#b22"/>` +
      `<rect x="280" y="200" width="8" height="190" rx="4" fill="#fff" opacity="0.45"/>` +
      tumbler(500, 410, 140, 200, liquid, 0.7),
  };
}

function wine(color: string, level = 0.45): Picture {
  return {
    backdrop: 'slate',
    draw: (rng) => {
      const grapes = scatter(rng, 9, 590, 395, 60, 22)
        .map(([x, y]) =>
          lump(x, y, 15, color === '#f1d27a' || color === '#e9c46a' ? '#b9c45a' : '#5b2a4e', rng, 0.95),
        )
        .join('');
      return zoom(
        wineGlass(380, 420, color, level) + grapes + leaf(640, 360, 60, -30, '#5b8a3a'),
        1.15,
        400,
        430,
      );
    },
  };
}

function shot(color: string, fruit: string): Picture {
  return {
    backdrop: 'slate',
    draw: (rng) =>
      tumbler(340, 400, 110, 160, color, 0.78) +
      tumbler(470, 400, 110, 160, color, 0.78) +
      chunks(rng, 620, 380, 50, 20, [{ color: fruit, size: 26, count: 3 }]),
  };
}

/** One picture per dish of the demo menu, by ref. */
export const PICTURES: Record<string, Picture> = {
  'hortobagyi-palacsinta': onPlate('cloth', (rng) =>
    [
      blob(400, 250, 210, 95, '#e07a3f', rng, 0.1),
      roll(350, 235, 230, 62, '#f0c987', -8),
      roll(450, 275, 230, 62, '#eec27c', -8),
      drizzle(rng, 400, 250, 240, '#f6e6d0', 3),
      sprinkle(rng, 400, 250, 170, 70, '#b5321a', 40),
      parsley(rng, 400, 240, 120, 50, 6),
    ].join(''),
  ),
  'rantott-gomba': onPlate('wood', (rng) =>
    [
      ...scatter(rng, 9, 360, 250, 110, 55).map(([x, y]) => breaded(rng, x, y, 36, 28)),
      ellipse(560, 250, 58, 34, '#d8cfb0'),
      dollop(rng, 560, 245, 48, '#f4eed8'),
      sprinkle(rng, 560, 245, 36, 18, '#4e9a34', 20),
      lemonWedge(470, 330),
    ].join(''),
  ),
  korozott: onPlate('linen', (rng) =>
    [
      blob(320, 250, 120, 60, '#c98d4a', rng, 0.05),
      blob(320, 244, 108, 52, '#f1d9a8', rng, 0.05),
      blob(320, 240, 96, 42, '#e58b4a', rng, 0.1),
      blob(490, 270, 110, 56, '#c98d4a', rng, 0.05),
      blob(490, 264, 98, 48, '#f1d9a8', rng, 0.05),
      blob(490, 260, 86, 38, '#e8944f', rng, 0.1),
      sprinkle(rng, 400, 250, 170, 45, '#a32a1a', 50),
      ...scatter(rng, 8, 400, 245, 160, 40).map(
        ([x, y]) => `<path d="M${x - 12},${y} q12,-10 24,0" stroke="#8e3b8a" stroke-width="5" fill="none"/>`,
      ),
    ].join(''),
  ),
  langos: onPlate('wood', (rng) =>
    [
      blob(400, 252, 250, 130, '#b8742a', rng, 0.1),
      blob(400, 246, 240, 122, '#e0a348', rng, 0.1),
      blob(400, 240, 185, 92, '#fbf6ea', rng, 0.18),
      noodles(rng, 400, 240, 160, 75, '#f6d365', 70),
      sprinkle(rng, 400, 240, 170, 80, '#7aa53a', 25),
    ].join(''),
  ),
  'libamaj-pastetom': onPlate('linen', (rng) =>
    [
      `<path d="M250,290 L400,290 L440,260 L290,260Z" fill="#f5dfb0"/><rect x="250" y="290" width="150" height="22" fill="#d9a45a"/>`,
      `<path d="M300,255 L460,255 L500,220 L340,220Z" fill="#e9c9a6"/><rect x="300" y="255" width="160" height="55" fill="#d7a98a"/><rect x="300" y="255" width="160" height="8" fill="#f0c94a" opacity="0.85"/>`,
      blob(560, 265, 50, 24, '#e9a92c', rng, 0.1),
      ellipse(550, 258, 20, 6, '#fff', 'opacity="0.5"'),
      leaf(520, 300, 50, 20, '#6a9a3a'),
      sprinkle(rng, 420, 300, 90, 10, '#5a3a22', 12),
    ].join(''),
  ),
  gulyasleves: soupBowl('cloth', 'iron', '#b8401c', (rng) =>
    [
      chunks(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.8, SOUP.ry * 0.75, [
        { color: '#7a3322', size: 18, count: 8 },
        { color: '#f0c75a', size: 15, count: 7 },
        { color: '#ef8a2e', size: 11, count: 7 },
        { color: '#f3e3b5', size: 7, count: 12 },
      ]),
      parsley(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.7, SOUP.ry * 0.6, 10),
      lump(SOUP.cx + 150, SOUP.cy - 40, 14, '#d93a22', rng, 0.6),
    ].join(''),
  ),
  halaszle: soupBowl('cloth', 'clay', '#c93a1e', (rng) =>
    [
      ...scatter(rng, 4, SOUP.cx, SOUP.cy, SOUP.rx * 0.6, SOUP.ry * 0.55).map(([x, y]) =>
        blob(x, y, 40, 18, '#f2e6d3', rng, 0.15),
      ),
      ...Array.from(
        { length: 5 },
        (_, i) =>
          `<circle cx="${330 + i * 35}" cy="${SOUP.cy - 20 + (i % 2) * 30}" r="11" fill="#2f8a2f"/><circle cx="${330 + i * 35}" cy="${SOUP.cy - 20 + (i % 2) * 30}" r="5" fill="#c8e28a"/>`,
      ),
      sprinkle(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.8, SOUP.ry * 0.7, '#8e1f10', 40),
    ].join(''),
  ),
  'jokai-bableves': soupBowl('wood', 'porcelain', '#9c5a32', (rng) =>
    [
      chunks(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.8, SOUP.ry * 0.75, [
        { color: '#7d3f2a', size: 10, count: 18 },
        { color: '#c49a6c', size: 9, count: 14 },
        { color: '#a83a2a', size: 13, count: 6 },
      ]),
      dollop(rng, SOUP.cx + 20, SOUP.cy - 5, 45),
      parsley(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.7, SOUP.ry * 0.6, 6),
    ].join(''),
  ),
  'ujhazi-tyukhusleves': soupBowl('linen', 'porcelain', '#e7b43e', (rng) =>
    [
      noodles(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.8, SOUP.ry * 0.75, '#f8e7a4', 26),
      chunks(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.8, SOUP.ry * 0.75, [
        { color: '#f08a2c', size: 12, count: 8 },
        { color: '#f6ead0', size: 14, count: 6 },
        { color: '#7fbf4d', size: 7, count: 10 },
        { color: '#d8c3a0', size: 11, count: 4 },
      ]),
      parsley(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.7, SOUP.ry * 0.6, 8),
    ].join(''),
  ),
  'hideg-meggyleves': {
    backdrop: 'linen',
    draw: (rng) =>
      bowl(
        B.cx,
        B.cy,
        B.rx,
        B.ry,
        'porcelain',
        soup(
          rng,
          SOUP.cx,
          SOUP.cy,
          SOUP.rx,
          SOUP.ry,
          '#e58aa6',
          chunks(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.7, SOUP.ry * 0.65, [
            { color: '#8e1030', size: 13, count: 12 },
          ]) +
            dollop(rng, SOUP.cx, SOUP.cy, 40) +
            leaf(SOUP.cx + 30, SOUP.cy - 25, 34, -30, '#4e9a34'),
        ),
      ),
  },
  'paprikas-csirke': onPlate(
    'cloth',
    (rng) =>
      [
        stew(rng, 330, 250, '#d9622b', [{ color: '#c97a3e', size: 34, count: 3 }], 130, 70),
        drizzle(rng, 330, 245, 120, '#f7ead8', 2),
        dumplings(rng, 520, 250, 85, 55),
        parsley(rng, 450, 240, 160, 60, 8),
      ].join(''),
    true,
  ),
  marhaporkolt: onPlate(
    'wood',
    (rng) =>
      [
        stew(rng, 330, 250, '#8f2d14', [{ color: '#6b2412', size: 26, count: 7 }], 130, 72),
        dumplings(rng, 525, 250, 80, 55),
        ...Array.from(
          { length: 4 },
          (_, i) =>
            `<path d="M${260 + i * 40},${330} q18,-10 36,0" stroke="#4e9a34" stroke-width="6" fill="none"/>`,
        ),
        parsley(rng, 520, 250, 60, 40, 5),
      ].join(''),
    true,
  ),
  'toltott-kaposzta': onPlate(
    'cloth',
    (rng) =>
      [
        blob(400, 255, 230, 110, '#c9a94a', rng, 0.1),
        noodles(rng, 400, 255, 200, 90, '#e7d27a', 30),
        roll(340, 230, 130, 70, '#d7c98a', 0, '#b9a86a'),
        roll(470, 270, 130, 70, '#d2c27e', 0, '#b3a262'),
        blob(320, 300, 80, 40, '#b0472a', rng, 0.15),
        dollop(rng, 440, 220, 42),
        sprinkle(rng, 440, 215, 30, 12, '#b5321a', 15),
      ].join(''),
    true,
  ),
  'rantott-sertesszelet': onPlate('wood', (rng) =>
    [
      fries(rng, 530, 245, 18),
      breaded(rng, 330, 255, 150, 85),
      lemonWedge(350, 200, -15),
      parsley(rng, 340, 200, 30, 10, 3),
    ].join(''),
  ),
  'turos-csusza': onPlate('linen', (rng) =>
    [
      blob(400, 250, 220, 110, '#efe2b8', rng, 0.12),
      noodles(rng, 400, 245, 200, 95, '#f3d98e', 80),
      ...scatter(rng, 30, 400, 245, 190, 90).map(([x, y]) => blob(x, y, 12, 8, '#fdfbf4', rng, 0.3)),
      dollop(rng, 400, 235, 55),
      chunks(rng, 400, 235, 150, 70, [{ color: '#b5542a', size: 8, count: 22 }]),
      parsley(rng, 400, 240, 160, 70, 6),
    ].join(''),
  ),
  kacsacomb: onPlate(
    'linen',
    (rng) =>
      [
        blob(300, 250, 110, 62, '#6d1f4a', rng, 0.18),
        noodles(rng, 300, 250, 95, 50, '#8e2f63', 40),
        blob(520, 265, 100, 55, '#f2e2b6', rng, 0.15),
        lump(410, 235, 75, '#b8652a', rng, 0.7),
        lump(470, 205, 26, '#c9783a', rng, 0.8),
        `<rect x="478" y="180" width="60" height="14" rx="7" fill="#f3ead8" transform="rotate(-30 478 180)"/>`,
        parsley(rng, 520, 260, 60, 30, 4),
      ].join(''),
    true,
  ),
  'balatoni-fogas': onPlate('linen', (rng) =>
    [
      blob(400, 255, 200, 70, '#f6e7c9', rng, 0.08),
      blob(400, 250, 190, 62, '#fbf2dd', rng, 0.08),
      ...Array.from(
        { length: 5 },
        (_, i) => `<path d="M${290 + i * 45},215 l30,70" stroke="#7a4a22" stroke-width="7" opacity="0.6"/>`,
      ),
      chunks(rng, 520, 320, 80, 25, [{ color: '#f1d98a', size: 22, count: 5 }]),
      parsley(rng, 520, 320, 80, 25, 8),
      lemonWedge(260, 320, 10),
      drizzle(rng, 400, 200, 180, '#f3d46a', 1),
    ].join(''),
  ),
  'tenger-gyumolcsei': onPlate('slate', (rng) =>
    [
      ...scatter(rng, 7, 340, 250, 110, 55).map(
        ([x, y]) =>
          `<ellipse cx="${x}" cy="${y}" rx="26" ry="16" fill="none" stroke="#f3e7d0" stroke-width="10"/><ellipse cx="${x}" cy="${y}" rx="26" ry="16" fill="none" stroke="#c9a06a" stroke-width="3" opacity="0.6"/>`,
      ),
      ...scatter(rng, 5, 480, 250, 90, 50).map(
        ([x, y]) =>
          `<path d="M${x - 26},${y} a26,22 0 1 1 26,22" stroke="#f07a3e" stroke-width="18" fill="none" stroke-linecap="round"/><path d="M${x - 26},${y} a26,22 0 1 1 26,22" stroke="#fbb07a" stroke-width="6" fill="none" stroke-linecap="round"/>`,
      ),
      sprinkle(rng, 400, 250, 200, 90, '#f3d46a', 40),
      parsley(rng, 400, 250, 200, 80, 12),
      lemonWedge(560, 320, -10),
    ].join(''),
  ),
  lecso: onPlate(
    'cloth',
    (rng) =>
      [
        blob(310, 250, 100, 58, '#f7f3ea', rng, 0.1),
        sprinkle(rng, 310, 245, 85, 45, '#e6dfcf', 60),
        stew(
          rng,
          480,
          255,
          '#d2461f',
          [
            { color: '#f2c230', size: 20, count: 6 },
            { color: '#7fb845', size: 18, count: 4 },
            { color: '#b3301a', size: 18, count: 5 },
          ],
          120,
          70,
        ),
        parsley(rng, 480, 250, 90, 50, 6),
      ].join(''),
    true,
  ),
  gombapaprikas: onPlate(
    'wood',
    (rng) =>
      [
        stew(rng, 330, 250, '#d88048', [{ color: '#c9a27a', size: 22, count: 9 }], 125, 70),
        drizzle(rng, 330, 245, 110, '#f7ead8', 2),
        dumplings(rng, 520, 255, 85, 55),
        parsley(rng, 420, 240, 170, 60, 10),
      ].join(''),
    true,
  ),
  'rantott-sajt': onPlate('linen', (rng) =>
    [
      blob(520, 250, 90, 55, '#f8f4ea', rng, 0.1),
      sprinkle(rng, 520, 248, 75, 42, '#e6dfcf', 50),
      breaded(rng, 320, 240, 95, 55),
      breaded(rng, 370, 300, 90, 50),
      blob(365, 300, 30, 10, '#fff3b0', rng, 0.2),
      dollop(rng, 520, 320, 34, '#f4eed8'),
      lemonWedge(250, 320, 20),
    ].join(''),
  ),
  'csicseriborso-fasirt': onPlate('linen', (rng) =>
    [
      salad(rng, 500, 245, 110, 55, GREENS, 22),
      slices(rng, 500, 240, 90, 40, '#d63a2a', '#f07a6a', 4, 20),
      ...[
        [290, 230],
        [360, 270],
        [300, 300],
      ].map(
        ([x = 0, y = 0]) => lump(x, y, 42, '#a8642a', rng, 0.7) + sprinkle(rng, x, y, 30, 18, '#e2b46a', 12),
      ),
      drizzle(rng, 480, 250, 140, '#efe0b8', 2),
      sprinkle(rng, 480, 250, 110, 50, '#f7f2e2', 40),
    ].join(''),
  ),
  lencsefozelek: soupBowl('wood', 'clay', '#7a4e2a', (rng) =>
    [
      sprinkle(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.8, SOUP.ry * 0.75, '#5a3a1e', 120),
      chunks(rng, SOUP.cx + 40, SOUP.cy, 90, 40, [{ color: '#d9a65a', size: 22, count: 5 }]),
      leaf(SOUP.cx - 90, SOUP.cy - 20, 60, 25, '#55752f'),
      parsley(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.6, SOUP.ry * 0.5, 10),
    ].join(''),
  ),
  'cezar-salata': onPlate('linen', (rng) =>
    [
      salad(rng, 400, 245, 190, 90, ['#7fb845', '#a6cf5a', '#5f9a34', '#c4e07a'], 34),
      ...scatter(rng, 6, 400, 240, 130, 60).map(
        ([x, y]) =>
          `<rect x="${x - 30}" y="${y - 12}" width="60" height="24" rx="8" fill="#e0a35a"/><path d="M${x - 24},${y - 6} l10,14 M${x},${y - 8} l10,14" stroke="#7a4a22" stroke-width="4" opacity="0.5"/>`,
      ),
      chunks(rng, 400, 240, 160, 70, [{ color: '#e9c27a', size: 11, count: 10 }]),
      sprinkle(rng, 400, 240, 170, 80, '#fbf5e0', 90),
    ].join(''),
  ),
  uborkasalata: {
    backdrop: 'linen',
    draw: (rng) =>
      bowl(
        B.cx,
        B.cy,
        B.rx,
        B.ry,
        'porcelain',
        ellipse(SOUP.cx, SOUP.cy, SOUP.rx, SOUP.ry, '#e8f0cf') +
          slices(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.75, SOUP.ry * 0.7, '#3f7d2a', '#d8ecb0', 22, 30) +
          sprinkle(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.8, SOUP.ry * 0.75, '#c0392b', 40) +
          parsley(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.6, SOUP.ry * 0.5, 6),
      ),
  },
  paradicsomsalata: {
    backdrop: 'wood',
    draw: (rng) =>
      bowl(
        B.cx,
        B.cy,
        B.rx,
        B.ry,
        'porcelain',
        ellipse(SOUP.cx, SOUP.cy, SOUP.rx, SOUP.ry, '#e46a4a') +
          slices(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.75, SOUP.ry * 0.7, '#d8321e', '#f2644c', 16, 34) +
          scatter(rng, 14, SOUP.cx, SOUP.cy, SOUP.rx * 0.7, SOUP.ry * 0.6)
            .map(
              ([x, y]) =>
                `<path d="M${x - 14},${y} q14,-12 28,0" stroke="#9b4d9a" stroke-width="5" fill="none"/>`,
            )
            .join('') +
          parsley(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.6, SOUP.ry * 0.5, 8),
      ),
  },
  hasabburgonya: onPlate(
    'wood',
    (rng) => fries(rng, 400, 245, 34) + sprinkle(rng, 400, 240, 150, 60, '#ffffff', 40),
  ),
  'petrezselymes-burgonya': onPlate(
    'linen',
    (rng) =>
      chunks(rng, 400, 245, 150, 70, [{ color: '#f0d27a', size: 34, count: 11 }]) +
      parsley(rng, 400, 240, 160, 70, 26),
    true,
  ),
  galuska: {
    backdrop: 'cloth',
    draw: (rng) =>
      bowl(
        B.cx,
        B.cy,
        B.rx,
        B.ry,
        'porcelain',
        dumplings(rng, SOUP.cx, SOUP.cy, SOUP.rx * 0.85, SOUP.ry * 0.8, '#f3dc93', 70),
      ) + steam(B.cx, B.cy - 40, rng),
  },
  csirkefalatok: onPlate('linen', (rng) =>
    [
      fries(rng, 510, 245, 14),
      ...scatter(rng, 6, 320, 250, 80, 45).map(([x, y]) => breaded(rng, x, y, 40, 28)),
      blob(400, 330, 40, 18, '#c0392b', rng, 0.1),
    ].join(''),
  ),
  'gyerek-spagetti': onPlate(
    'cloth',
    (rng) =>
      [
        blob(400, 250, 170, 85, '#f1d58a', rng, 0.1),
        noodles(rng, 400, 250, 150, 75, '#f6df9a', 90),
        stew(rng, 400, 235, '#b8341c', [{ color: '#7a2a18', size: 9, count: 14 }], 90, 45),
        sprinkle(rng, 400, 235, 80, 40, '#fbf3d0', 70),
        leaf(430, 215, 34, -20, '#3f7d2a'),
        leaf(450, 222, 30, 40, '#4e9a34'),
      ].join(''),
    true,
  ),
  'kakaos-palacsinta': onPlate('linen', (rng) =>
    [
      roll(370, 230, 250, 56, '#f0c987', -6),
      roll(430, 285, 250, 56, '#eec27c', -6),
      sprinkle(rng, 400, 255, 150, 60, '#5a3320', 90),
      sprinkle(rng, 400, 255, 150, 60, '#ffffff', 70),
    ].join(''),
  ),
  'turo-rudi': onPlate('linen', (rng) =>
    [
      roll(360, 240, 200, 56, '#3b2216', -10, '#fbf6ea'),
      roll(440, 290, 200, 56, '#3b2216', -10, '#fbf6ea'),
      `<rect x="220" y="150" width="150" height="54" rx="6" fill="#e23b3b" transform="rotate(-10 295 177)"/>` +
        Array.from(
          { length: 6 },
          (_, i) => `<circle cx="${238 + i * 24}" cy="${170 - i * 4}" r="7" fill="#fff"/>`,
        ).join(''),
      sprinkle(rng, 400, 270, 120, 40, '#6b3a24', 15),
    ].join(''),
  ),
  'somloi-galuska': {
    backdrop: 'slate',
    draw: (rng) =>
      bowl(
        B.cx,
        B.cy,
        B.rx * 0.9,
        B.ry * 0.9,
        'porcelain',
        [
          ...scatter(rng, 6, SOUP.cx, SOUP.cy, 110, 45).map(([x, y]) => lump(x, y, 46, '#d9a85a', rng, 0.7)),
          drizzle(rng, SOUP.cx, SOUP.cy, 220, '#4a2414', 4),
          dollop(rng, SOUP.cx - 40, SOUP.cy - 20, 50),
          dollop(rng, SOUP.cx + 60, SOUP.cy + 10, 42),
          sprinkle(rng, SOUP.cx, SOUP.cy, 150, 60, '#8a5a2a', 40),
          `<circle cx="${SOUP.cx - 30}" cy="${SOUP.cy - 40}" r="10" fill="#a80f1f"/>`,
        ].join(''),
      ),
  },
  'dobos-torta': onPlate(
    'slate',
    () =>
      cakeSlice(360, 320, ['#e3b56a', '#5a3320', '#e3b56a', '#5a3320', '#e3b56a', '#5a3320'], '#c9781e') +
      `<path d="M440,198 l60,-25 l25,18 Z" fill="#e39a2e" opacity="0.9"/>` +
      '<circle cx="560" cy="330" r="14" fill="#fbf5e8"/><circle cx="590" cy="320" r="10" fill="#fbf5e8"/>',
  ),
  'gundel-palacsinta': onPlate('slate', (rng) =>
    [
      blob(400, 260, 200, 100, '#3b1c10', rng, 0.12),
      roll(370, 245, 220, 60, '#e9b873', -6),
      roll(430, 290, 220, 60, '#e6b26a', -6),
      drizzle(rng, 400, 260, 220, '#4a2414', 3),
      sprinkle(rng, 400, 260, 150, 60, '#c9955a', 40),
      `<path d="M330,200 q10,-40 20,-5 q10,-45 20,-2" stroke="#f5a623" stroke-width="6" fill="none" opacity="0.6" filter="url(#blur4)"/>`,
    ].join(''),
  ),
  'almas-retes': onPlate('linen', (rng) =>
    [
      blob(420, 290, 170, 50, '#f6e2a0', rng, 0.15),
      roll(380, 240, 200, 80, '#e9c178', -5, '#d7a860'),
      `<path d="M440,240 m-20,0 a20,16 0 1 0 40,0 a10,8 0 1 0 -20,0" stroke="#b0742a" stroke-width="4" fill="none" transform="rotate(-5 380 240)"/>`,
      sprinkle(rng, 380, 230, 90, 30, '#ffffff', 80),
      leaf(560, 220, 34, -30, '#4e9a34'),
    ].join(''),
  ),
  flodni: onPlate('linen', () =>
    cakeSlice(
      360,
      320,
      ['#e8c27a', '#7a8a3a', '#e8c27a', '#3b3140', '#e8c27a', '#f0d088', '#e8c27a', '#6b1f2a'],
      '#d89a4a',
    ),
  ),
  'vegan-csokimousse': {
    backdrop: 'slate',
    draw: (rng) =>
      tumbler(400, 400, 200, 190, '#4a2616', 0.85, { inside: '' }) +
      blob(400, 220, 90, 22, '#5a2e1a', rng, 0.1) +
      chunks(rng, 400, 215, 60, 14, [{ color: '#c9955a', size: 10, count: 8 }]) +
      leaf(430, 208, 34, -20, '#4e9a34'),
  },
  espresso: coffee((rng) =>
    [
      ellipse(400, 218, 90, 44, '#3a1c0e'),
      blob(400, 216, 70, 30, '#8a4e22', rng, 0.12),
      ellipse(380, 210, 30, 10, '#c98a4a', 'opacity="0.5"'),
    ].join(''),
  ),
  cappuccino: coffee((rng) => latteArt(rng, '#9a5a2a', '#fbf2e2')),
  'zabtejes-latte': coffee((rng) => latteArt(rng, '#b47a4a', '#f6ead6')),
  'forro-csokolade': coffee((rng) =>
    [
      ellipse(400, 218, 90, 44, '#4a2414'),
      dollop(rng, 400, 212, 60),
      sprinkle(rng, 400, 205, 40, 14, '#6b3a1e', 20),
    ].join(''),
  ),
  gyumolcstea: {
    backdrop: 'wood',
    draw: (rng) =>
      tumbler(400, 400, 190, 200, '#b0202f', 0.85) +
      `<circle cx="${450}" cy="215" r="28" fill="#f7e05a" opacity="0.9"/><circle cx="450" cy="215" r="22" fill="#fbf0a0"/>` +
      chunks(rng, 600, 380, 50, 20, [{ color: '#c0392b', size: 14, count: 5 }]) +
      steam(400, 180, rng),
  },
  'bodzas-limonade': longDrink('#f4f0c4', (rng) =>
    [
      lemonWedge(455, 145, 30),
      leaf(360, 150, 44, -30, '#4e9a34'),
      leaf(380, 140, 40, 20, '#3f7d2a'),
      ...scatter(rng, 5, 600, 380, 50, 20).map(
        ([x, y]) => `<circle cx="${x}" cy="${y}" r="6" fill="#fbf7d8"/>`,
      ),
    ].join(''),
  ),
  'meggyes-limonade': longDrink('#d8456a', (rng) =>
    [
      leaf(370, 150, 44, -30, '#4e9a34'),
      chunks(rng, 610, 380, 50, 20, [{ color: '#8e1030', size: 16, count: 5 }]),
      lemonWedge(455, 145, 30),
    ].join(''),
  ),
  traubi: bottleAndGlass('#e9d98a', '#3f7d2a'),
  almale: bottleAndGlass('#e0b040', '#c0392b', '#f1e2b0'),
  'egri-bikaver': wine('#6d0f1f'),
  'badacsonyi-szurkebarat': wine('#f1d27a'),
  'tokaji-aszu': wine('#d98a1a', 0.3),
  frocs: {
    backdrop: 'slate',
    draw: (rng) =>
      tumbler(400, 410, 180, 260, '#efe4a8', 0.88, {
        inside: scatter(rng, 40, 400, 300, 70, 100)
          .map(
            ([x, y]) =>
              `<circle cx="${x}" cy="${y}" r="${between(rng, 1.5, 4).toFixed(1)}" fill="#fff" opacity="0.7"/>`,
          )
          .join(''),
      }) +
      `<rect x="560" y="170" width="70" height="240" rx="20" fill="#9ad0e0" opacity="0.5"/><rect x="575" y="140" width="40" height="40" rx="6" fill="#c0c0c0"/>`,
  },
  'csapolt-sor': {
    backdrop: 'wood',
    draw: () => tumbler(400, 410, 200, 300, '#e8a31c', 0.78, { foam: true, handle: true }),
  },
  szilvapalinka: shot('#f3ecd0', '#4a2a5a'),
  barackpalinka: shot('#f6d27a', '#f0a040'),
  unicum: shot('#3a1a0e', '#3f7d2a'),
};

export function hasPicture(ref: string): boolean {
  return ref in PICTURES;
}
