/**
 * The public pages' titles and descriptions for search engines and link previews (DESIGN.md
 * section 15), the home page's here; the other pages' in content-pages.ts (a module of its own, so the home
 * page's JavaScript does not carry them), the products page's and a product's in product-search.ts.
 */
export const homePageMeta = {
  title: 'Computer cases, gaming cases and power supplies',
  description:
    'CaseForge manufactures computer cases, gaming cases and power supplies. Order in bulk straight from the factory.',
} as const;

export const NOT_FOUND_TITLE = 'Page not found';

/** The robots tag of a search's results: followed, not listed. */
export const SEARCH_ROBOTS = 'noindex, follow';
/** The robots tag of the pages that are no one's to find (private pages, the not-found page). */
export const PRIVATE_ROBOTS = 'noindex';
