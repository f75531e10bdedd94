import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FALLBACK_LANGUAGE, resolveLanguage } from '@tablo/contract/languages';
import { API_BASE, apiPaths, localePath } from '@tablo/contract/paths';
import type { BootAssets, HeroPageTemplate } from './boot-loader.ts';

/** One chunk of Vite's build manifest (web/dist/.vite/manifest.json), keyed by source path. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export function readViteManifest(webDist: string): ViteManifest | null {
  const file = join(webDist, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ViteManifest) : null;
}

/**
 * The screens whose first view is the menu (spec §2 routes), with what the app asks for before it can show
 * it: the route's lazy code, its text namespaces and the restaurant and menu answers. Where the language sits
 * in the path differs: /menu/:shortName/:lang?, /order/:shortName/:table/:lang?.
 */
const MENU_SCREENS = {
  menu: { source: 'src/app/routes/menu-route.tsx', languageSegment: 3 },
  order: { source: 'src/app/routes/order-route.tsx', languageSegment: 4 },
} as const;
const MENU_NAMESPACES = ['common', 'menu'];

/** What the loader starts for a restaurant page's path: the entry always, the menu's needs on menu screens. */
export function bootAssetsFor(
  template: HeroPageTemplate,
  manifest: ViteManifest | null,
  path: string,
  shortName: string,
): BootAssets {
  const assets: BootAssets = {
    modules: template.modules,
    preloads: template.preloads,
    styles: [],
    texts: [],
    answers: [],
  };
  const segments = path.split('/');
  const screen = MENU_SCREENS[segments[1] as keyof typeof MENU_SCREENS];
  if (!screen) return assets;

  const language = resolveLanguage(safeDecode(segments[screen.languageSegment] ?? ''));
  const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  const chunks = manifest ? chunksOf(manifest, screen.source) : { files: [], css: [] };
  return {
    ...assets,
    preloads: [...new Set([...assets.preloads, ...chunks.files])],
    styles: chunks.css,
    texts: languages.flatMap((lang) => MENU_NAMESPACES.map((ns) => localePath(lang, ns))),
    answers: [apiPaths.restaurant(shortName), apiPaths.menu(shortName)].map((p) => `${API_BASE}${p}`),
  };
}

interface Chunks {
  files: string[];
  css: string[];
}
/** Walked once per manifest and screen: page requests only read the result. */
const walkedChunks = new WeakMap<ViteManifest, Map<string, Chunks>>();

/** A lazy chunk's file and everything it imports statically, as absolute asset addresses. */
function chunksOf(manifest: ViteManifest, source: string): Chunks {
  const walked = walkedChunks.get(manifest) ?? new Map<string, Chunks>();
  walkedChunks.set(manifest, walked);
  const chunks = walked.get(source) ?? walkChunks(manifest, source);
  walked.set(source, chunks);
  return chunks;
}

function walkChunks(manifest: ViteManifest, source: string): Chunks {
  const files = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry (and its stylesheet) is on the page already.
    if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return { files: [...files], css: [...css] };
}

export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
