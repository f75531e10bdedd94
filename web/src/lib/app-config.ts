import type { AppConfig } from '@tablo/contract/config';
import { APP_CONFIG_META_NAME } from '@tablo/contract/config-names';
import { appConfigCheck } from './first-screen-checks.ts';

/** Used in development and tests, where no server fills in the `<!--tablo-config-->` placeholder. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  // Sign-up and log-in are Tablo's own screens unless ADMIN_URL points elsewhere (DESIGN §1).
  adminUrl: 'http://localhost:5173',
  publicUrl: 'http://localhost:5173',
  poweredByName: 'Tablo',
  poweredByUrl: 'https://tablo.example',
  analyticsId: null,
};

/** Reads the config the server writes into index.html; a missing or bad tag falls back to the defaults. */
export function readAppConfig(doc: Document = document): AppConfig {
  const content = doc.querySelector(`meta[name="${APP_CONFIG_META_NAME}"]`)?.getAttribute('content');
  if (!content) return DEFAULT_APP_CONFIG;
  try {
    const parsed = appConfigCheck.safeParse(JSON.parse(content));
    if (parsed.success) return parsed.data;
    console.warn('tablo-config is invalid, using defaults');
  } catch {
    console.warn('tablo-config is not JSON, using defaults');
  }
  return DEFAULT_APP_CONFIG;
}

let cached: AppConfig | undefined;

export function appConfig(): AppConfig {
  cached ??= readAppConfig();
  return cached;
}

/** The server's renderer has no document to read the tag from: it is given the same config (entry-server.tsx). */
export function provideAppConfig(config: AppConfig): void {
  cached = config;
}
