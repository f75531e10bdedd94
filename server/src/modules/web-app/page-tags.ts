/**
 * A page's own tags (modules/seo): `head` goes before </head> (title, description, links, og:), `end` before
 * </body> (the JSON-LD: after the first screen's markup, so its bytes never delay the first dish, issue 27).
 */
export interface PageTags {
  head: string;
  end: string;
}

/** The tags a page gets for its path. */
export type HeadLookup = (path: string) => Promise<PageTags>;
