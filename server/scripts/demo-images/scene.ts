import { between, ellipse, type Rng, shade } from './shapes.ts';

export type Backdrop = 'wood' | 'cloth' | 'linen' | 'slate';

export const WIDTH = 800;
export const HEIGHT = 450;

/** Shared gradients and filters; every picture is one SVG with these in its <defs>. */
export function defs(): string {
  return `<defs>
  <filter id="soft" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="14"/></filter>
  <filter id="blur4" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>
  <radialGradient id="vignette" cx="50%" cy="45%" r="75%"><stop offset="55%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.45"/></radialGradient>
  <radialGradient id="light" cx="30%" cy="10%" r="80%"><stop offset="0%" stop-color="#fff8e8" stop-opacity="0.35"/><stop offset="100%" stop-color="#fff8e8" stop-opacity="0"/></radialGradient>
  <linearGradient id="porcelain" x1="0" y1="0" x2="0" y2="1"><stop offset="0%" stop-color="#ffffff"/><stop offset="100%" stop-color="#d9d6cf"/></linearGradient>
  <linearGradient id="porcelainSide" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="#c9c4bb"/><stop offset="45%" stop-color="#fbfaf7"/><stop offset="100%" stop-color="#b7b1a6"/></linearGradient>
  <linearGradient id="iron" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="#111"/><stop offset="40%" stop-color="#4a4a4a"/><stop offset="100%" stop-color="#0c0c0c"/></linearGradient>
  <linearGradient id="clay" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="#7a3416"/><stop offset="45%" stop-color="#c8693a"/><stop offset="100%" stop-color="#6d2d12"/></linearGradient>
  <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="#fff" stop-opacity="0.35"/><stop offset="30%" stop-color="#fff" stop-opacity="0.08"/><stop offset="80%" stop-color="#fff" stop-opacity="0.05"/><stop offset="100%" stop-color="#fff" stop-opacity="0.3"/></linearGradient>
  <pattern id="gingham" width="44" height="44" patternUnits="userSpaceOnUse"><rect width="44" height="44" fill="#f6efe4"/><rect width="22" height="44" fill="#c0392b" opacity="0.55"/><rect width="44" height="22" fill="#c0392b" opacity="0.55"/></pattern>
</defs>`;
}

function wood(rng: Rng): string {
  const planks = Array.from({ length: 5 }, (_, i) => {
    const y = i * 95 - 10;
    const tone = shade('#8b5a2b', between(rng, -0.2, 0.12));
    const grain = Array.from({ length: 7 }, () => {
      const gy = y + between(rng, 8, 88);
      const wobble = between(rng, -6, 6);
      return `<path d="M0,${gy.toFixed(1)} C200,${(gy + wobble).toFixed(1)} 500,${(gy - wobble).toFixed(1)} 800,${(gy + wobble / 2).toFixed(1)}" stroke="${shade(tone, -0.3)}" stroke-width="${between(rng, 1, 3).toFixed(1)}" fill="none" opacity="0.35"/>`;
    }).join('');
    return `<rect y="${y}" width="800" height="95" fill="${tone}"/>${grain}<rect y="${y + 93}" width="800" height="3" fill="#2e1a0b" opacity="0.6"/>`;
  });
  return planks.join('');
}

export function backdrop(kind: Backdrop, rng: Rng): string {
  switch (kind) {
    case 'wood':
      return wood(rng);
    case 'cloth':
      return `<rect width="800" height="450" fill="url(#gingham)"/><rect width="800" height="450" fill="#fff" opacity="0.08"/>`;
    case 'linen':
      return `<rect width="800" height="450" fill="#e9e1d3"/>${Array.from({ length: 40 }, (_, i) => `<rect y="${i * 11.5}" width="800" height="1" fill="#cfc4b0" opacity="0.5"/>`).join('')}`;
    case 'slate':
      return `<rect width="800" height="450" fill="#2d2f33"/><rect width="800" height="450" fill="url(#light)"/>`;
  }
}

/** A soft shadow on the table under a vessel, offset away from the light (top left). */
export function groundShadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.45): string {
  return ellipse(cx + rx * 0.08, cy + ry * 0.25, rx, ry, '#000', `opacity="${opacity}" filter="url(#soft)"`);
}

export function steam(cx: number, top: number, rng: Rng): string {
  return Array.from({ length: 3 }, (_, i) => {
    const x = cx + (i - 1) * 55 + between(rng, -12, 12);
    const h = between(rng, 90, 140);
    return `<path d="M${x},${top} c-22,-${h * 0.25} 22,-${h * 0.45} 0,-${h * 0.7} s22,-${h * 0.2} 4,-${h * 0.3}" stroke="#fff" stroke-width="9" stroke-linecap="round" fill="none" opacity="0.22" filter="url(#blur4)"/>`;
  }).join('');
}

export function finish(): string {
  return `<rect width="800" height="450" fill="url(#light)"/><rect width="800" height="450" fill="url(#vignette)"/>`;
}
