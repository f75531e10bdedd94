/** Small SVG building blocks: a seeded random source and organic outlines. */

export type Rng = () => number;

/** mulberry32, seeded from a string: the same dish always gets the same picture. */
export function seededRng(seed: string): Rng {
  let state = 2166136261;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(rng: Rng, low: number, high: number): number {
  return low + (high - low) * rng();
}

export function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng() * list.length)] as T;
}

const f = (n: number) => n.toFixed(1);

/** A smooth closed curve through jittered points on an ellipse (Catmull-Rom turned into Béziers). */
export function blobPath(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  rng: Rng,
  jitter = 0.15,
  points = 9,
): string {
  const pts = Array.from({ length: points }, (_, i) => {
    const angle = (i / points) * Math.PI * 2;
    const scale = 1 + between(rng, -jitter, jitter);
    return [cx + Math.cos(angle) * rx * scale, cy + Math.sin(angle) * ry * scale] as const;
  });
  const at = (i: number) => pts[(i + points) % points] as readonly [number, number];
  let d = `M${f(at(0)[0])},${f(at(0)[1])}`;
  for (let i = 0; i < points; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0] ?? 0)},${f(c1[1] ?? 0)} ${f(c2[0] ?? 0)},${f(c2[1] ?? 0)} ${f(p2[0])},${f(p2[1])}`;
  }
  return `${d}Z`;
}

export function blob(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  rng: Rng,
  jitter = 0.15,
): string {
  return `<path d="${blobPath(cx, cy, rx, ry, rng, jitter)}" fill="${fill}"/>`;
}

/** A lit lump of food: the colour, a darker rim below and a soft highlight above. */
export function lump(cx: number, cy: number, r: number, color: string, rng: Rng, squash = 0.75): string {
  return [
    blob(cx, cy + r * 0.12, r * 1.02, r * squash, shade(color, -0.3), rng, 0.12),
    blob(cx, cy, r, r * squash, color, rng, 0.12),
    `<ellipse cx="${f(cx - r * 0.3)}" cy="${f(cy - r * squash * 0.4)}" rx="${f(r * 0.35)}" ry="${f(r * squash * 0.22)}" fill="#fff" opacity="0.35"/>`,
  ].join('');
}

export function leaf(cx: number, cy: number, length: number, angle: number, color: string): string {
  const w = length * 0.42;
  return `<g transform="translate(${f(cx)},${f(cy)}) rotate(${f(angle)})"><path d="M${f(-length / 2)},0 Q0,${f(-w)} ${f(length / 2)},0 Q0,${f(w)} ${f(-length / 2)},0Z" fill="${color}"/><path d="M${f(-length / 2)},0 L${f(length / 2.4)},0" stroke="${shade(color, -0.35)}" stroke-width="1.2" opacity="0.7"/></g>`;
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const value = (n >> shift) & 255;
    const target = amount > 0 ? 255 : 0;
    return Math.round(value + (target - value) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`;
}

/** Random points inside an ellipse, for scattering toppings. */
export function scatter(
  rng: Rng,
  count: number,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
): [number, number][] {
  return Array.from({ length: count }, () => {
    const angle = rng() * Math.PI * 2;
    const radius = Math.sqrt(rng());
    return [cx + Math.cos(angle) * rx * radius, cy + Math.sin(angle) * ry * radius];
  });
}
