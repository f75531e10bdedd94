/** Where in a text a JSON syntax error sits, as a person reading the file counts it (1-based). */
export interface TextPosition {
  line: number;
  column: number;
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false; message: string; at: TextPosition };

const POSITION = /at position (\d+)/;

function positionOf(text: string, offset: number): TextPosition {
  const before = text.slice(0, offset);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** True when parsing `prefix` fails before its end, i.e. the syntax error lies inside it. */
function failsInside(prefix: string): boolean {
  try {
    JSON.parse(prefix);
    return false;
  } catch (error) {
    const message = (error as Error).message;
    if (message.startsWith('Unexpected end of JSON input')) return false;
    const position = POSITION.exec(message);
    return position ? Number(position[1]) < prefix.length : true;
  }
}

/**
 * Node 20's JSON.parse names the offset for some mistakes ("… at position 42") but not for an
 * unexpected token. A prefix of the text that ends before the mistake only ever fails with "unexpected
 * end", so the first failing prefix is found by bisection and its last character is the culprit.
 */
function errorOffset(text: string, message: string): number {
  const position = POSITION.exec(message);
  if (position) return Number(position[1]);
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (failsInside(text.slice(0, middle + 1))) high = middle;
    else low = middle + 1;
  }
  return low;
}

function describe(message: string): string {
  const withoutEcho = message.replace(/, ".*" is not valid JSON$/s, '');
  return withoutEcho.replace(/ in JSON at position \d+.*$/s, '').replace(/ \(line \d+ column \d+\)$/, '');
}

export function parseJsonText(text: string): JsonParseResult {
  const withoutBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(withoutBom) };
  } catch (error) {
    const message = (error as Error).message;
    return {
      ok: false,
      message: describe(message),
      at: positionOf(withoutBom, errorOffset(withoutBom, message)),
    };
  }
}
