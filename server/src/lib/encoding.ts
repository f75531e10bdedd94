export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * Picks the best coding the client accepts (RFC 9110 §12.5.3): br, then gzip, then identity.
 * A q=0 refuses a coding; `*` stands for every coding not named.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const known = seen.get(acceptEncoding);
  if (known) return known;
  const coding = parse(acceptEncoding);
  // Browsers send a handful of distinct values: remember them, boundedly.
  if (seen.size >= 64) seen.clear();
  seen.set(acceptEncoding, coding);
  return coding;
}

const seen = new Map<string, ContentCoding>();

function parse(acceptEncoding: string): ContentCoding {
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.trim().split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q') q = Number.parseFloat(value ?? '1');
    }
    weights.set(name, Number.isNaN(q) ? 0 : q);
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  let best: ContentCoding = 'identity';
  let bestWeight = 0;
  for (const coding of ['br', 'gzip'] as const) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
