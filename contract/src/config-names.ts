// The config's names, apart from config.ts's schema (which re-exports them): the web app's menu page uses them
// without loading zod (docs/decisions/036-menu-page-javascript.md).

/** Where a restaurant page's boot loader leaves the API answers it started, for the web app's api client. */
export const BOOT_RESPONSES_GLOBAL = '__tabloBootResponses';

export const APP_CONFIG_META_NAME = 'tablo-config';
/** The placeholder in web/index.html that the server replaces with the config meta tag. */
export const APP_CONFIG_PLACEHOLDER = '<!--tablo-config-->';
