/** spec §2: the route patterns. `lang` is optional (missing → Hungarian) and always the last segment. */
export const ROUTE_PATTERNS = {
  landing: ':lang',
  menu: 'menu/:shortName/:lang?',
  order: 'order/:shortName/:table/:lang?',
  table: 'table/:shortName/:table/:lang?',
  paymentSuccess: 'payment-success/:shortName/:table/:lang?',
  terms: 'terms-and-conditions/:shortName/:table/:lang?',
} as const;

function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** Links to the routes above. */
export const routes = {
  landing: (lang: string) => `/${segment(lang)}`,
  menu: (shortName: string, lang: string) => `/menu/${segment(shortName)}/${segment(lang)}`,
  order: (shortName: string, table: number, lang: string) =>
    `/order/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
  table: (shortName: string, table: number, lang: string) =>
    `/table/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
  paymentSuccess: (shortName: string, table: number, lang: string) =>
    `/payment-success/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
  terms: (shortName: string, table: number, lang: string) =>
    `/terms-and-conditions/${segment(shortName)}/${segment(table)}/${segment(lang)}`,
};
