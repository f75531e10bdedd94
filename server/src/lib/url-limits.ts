/** The longest path any page or API route has a use for; well under what file systems and proxies take. */
export const MAX_PATH_LENGTH = 2048;
/** The router's limit for one part of a path (a restaurant's short name, an id). */
export const MAX_PATH_PART_LENGTH = 100;

export const PATH_TOO_LONG = `The URL is too long: its path is longer than ${MAX_PATH_LENGTH} characters`;
export const PATH_PART_TOO_LONG = `The URL is too long: a part of its path is longer than ${MAX_PATH_PART_LENGTH} characters`;

/** Whether a part of the path is longer than the router takes: such a path can name no route. */
export function hasOverlongPart(path: string): boolean {
  return path.split('/').some((part) => part.length > MAX_PATH_PART_LENGTH);
}
