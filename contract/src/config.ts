import { z } from 'zod';

/**
 * Runtime configuration the server hands the web app inside index.html
 * (`<meta name="tablo-config" content="…json…">`): no extra request, no inline script for the CSP.
 */
export const AppConfigSchema = z.object({
  adminUrl: z.url(),
  publicUrl: z.url(),
  poweredByName: z.string(),
  poweredByUrl: z.url(),
  analyticsId: z.string().nullable(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export { APP_CONFIG_META_NAME, APP_CONFIG_PLACEHOLDER, BOOT_RESPONSES_GLOBAL } from './config-names.ts';
