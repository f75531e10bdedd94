/** A `#rrggbb` colour's red, green and blue channels, 0–255. */
export function channelsOf(hex: string): [number, number, number] {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return [r, g, b];
}
