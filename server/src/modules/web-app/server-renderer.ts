import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppConfig } from '@tablo/contract/config';
import { LANGUAGE_CODES, type LanguageCode } from '@tablo/contract/languages';

/** What web/src/entry-server.tsx renders from (kept in step with its RenderInput). */
export interface RenderInput {
  url: string;
  language: LanguageCode;
  restaurant: unknown;
  menu: unknown;
  resources: Record<string, Record<string, unknown>>;
  config: AppConfig;
}

export interface RenderResult {
  html: string;
  data: unknown;
}

export type RenderPage = (input: RenderInput) => Promise<RenderResult | null>;

/** The web build's server renderer (`vite build --ssr`, web/dist/.server), or null when it is not built. */
export async function loadServerRenderer(webDist: string): Promise<RenderPage | null> {
  const file = join(webDist, '.server', 'entry-server.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { render?: RenderPage };
  return typeof module.render === 'function' ? module.render : null;
}

/** The text namespaces the menu screen renders with (the same the boot loader used to fetch early). */
export const PAGE_NAMESPACES = ['common', 'menu'] as const;

export type PageTexts = ReadonlyMap<LanguageCode, Record<string, unknown>>;

/** Every language's texts of those namespaces, read once at start from the build's public locales. */
export function readPageTexts(webDist: string): PageTexts | null {
  const texts = new Map<LanguageCode, Record<string, unknown>>();
  for (const language of LANGUAGE_CODES) {
    const namespaces: Record<string, unknown> = {};
    for (const ns of PAGE_NAMESPACES) {
      const file = join(webDist, 'locales', language, `${ns}.json`);
      if (!existsSync(file)) return null;
      namespaces[ns] = JSON.parse(readFileSync(file, 'utf8'));
    }
    texts.set(language, namespaces);
  }
  return texts;
}
