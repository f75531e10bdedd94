// Generates public/images/default-main.webp, the hero fallback (spec §2): a warm, neutral restaurant-like
// gradient with soft table-light glows. Run: npx tsx web/scripts/generate-default-main.ts
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const WIDTH = 1600;
const HEIGHT = 600;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="base" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#3b2a20"/>
      <stop offset="0.55" stop-color="#6b4630"/>
      <stop offset="1" stop-color="#2c3b33"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffd59a" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ffd59a" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2a1c15" stop-opacity="0"/>
      <stop offset="1" stop-color="#1b120d" stop-opacity="0.75"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#base)"/>
  <circle cx="260" cy="140" r="260" fill="url(#glow)"/>
  <circle cx="820" cy="90" r="200" fill="url(#glow)"/>
  <circle cx="1360" cy="170" r="280" fill="url(#glow)"/>
  <rect y="360" width="100%" height="240" fill="url(#table)"/>
</svg>`;

const target = fileURLToPath(new URL('../public/images/default-main.webp', import.meta.url));
const info = await sharp(Buffer.from(svg)).blur(12).webp({ quality: 62, effort: 6 }).toFile(target);
console.log(`${target}: ${info.size} bytes`);
