import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG_META_NAME, APP_CONFIG_PLACEHOLDER, type AppConfig } from '@tablo/contract/config';
import { escapeHtml } from '../../lib/html-escape.ts';

export function configMetaTag(config: AppConfig): string {
  return `<meta name="${APP_CONFIG_META_NAME}" content="${escapeHtml(JSON.stringify(config))}">`;
}

/** The built index.html with the runtime configuration filled in, or null when the web app is not built. */
export function renderIndexHtml(webDist: string, config: AppConfig): string | null {
  const file = join(webDist, 'index.html');
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8').replace(APP_CONFIG_PLACEHOLDER, () => configMetaTag(config));
}
