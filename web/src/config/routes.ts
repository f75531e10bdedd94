/** spec §2: the route patterns. `lang` is optional (missing → Hungarian) and always the last segment. */
export const ROUTE_PATTERNS = {
  landing: ':lang',
  menu: 'menu/:shortName/:lang?',
  order: 'order/:shortName/:table/:lang?',
  table: 'table/:shortName/:table/:lang?',
  payment: 'payment/:shortName/:table/:lang?',
  paymentSuccess: 'payment-success/:shortName/:table/:lang?',
  receipt: 'receipt/:shortName/:table/:lang?',
  terms: 'terms-and-conditions/:shortName/:table/:lang?',
} as const;

function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** The query parameter naming a payment on the result and receipt routes. */
export const PAYMENT_PARAM = 'payment';

function paymentQuery(payment: string | undefined): string {
  return payment ? `?${new URLSearchParams({ [PAYMENT_PARAM]: payment })}` : '';
}

/**
 * The query parameter of the owner's preview: on the menu route of a restaurant that is not open yet, its own
 * OWNER or MANAGER sees the menu with a banner (docs/decisions/069-owner-preview.md); anyone else, today's
 * not-found screen.
 */
export const PREVIEW_PARAM = 'preview';

/** Links to the routes above. */
export const routes = {
  landing: (lang: string) => `/${segment(lang)}`,
  menu: (shortName: string, lang: string) => `/menu/${segment(shortName)}/${segment(lang)}`,
  order: (shortName: string, table: number, lang: string) =>
    `/order/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
  table: (shortName: string, table: number, lang: string) =>
    `/table/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
  payment: (shortName: string, table: number, lang: string) =>
    `/payment/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
  /** The payment result; `payment` is the payment's id (DESIGN §7: `?payment=<id>`). */
  paymentSuccess: (shortName: string, table: number, lang: string, payment?: string) =>
    `/payment-success/${segment(shortName)}/${segment(table)}/${segment(lang)}${paymentQuery(payment)}`,
  receipt: (shortName: string, table: number, lang: string, payment: string) =>
    `/receipt/${segment(shortName)}/${segment(table)}/${segment(lang)}${paymentQuery(payment)}`,
  terms: (shortName: string, table: number, lang: string) =>
    `/terms-and-conditions/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
};
