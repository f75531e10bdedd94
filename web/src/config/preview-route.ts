import { PREVIEW_PARAM, routes } from './routes.ts';

/**
 * The menu route as its owner previews it before opening (docs/decisions/069-owner-preview.md). Apart from
 * `routes`: only the console's screens link to it.
 */
export function menuPreviewHref(shortName: string, lang: string): string {
  return `${routes.menu(shortName, lang)}?${PREVIEW_PARAM}`;
}
