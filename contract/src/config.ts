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

/** Where a restaurant page's boot loader leaves the API answers it started, for the web app's api client. */
export const BOOT_RESPONSES_GLOBAL = '__tabloBootResponses';

export const APP_CONFIG_META_NAME = 'tablo-config';
/** The placeholder in web/index.html that the server replaces with the config meta tag. */
export const APP_CONFIG_PLACEHOLDER = '<!--tablo-config-->';
