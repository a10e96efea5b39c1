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

/**
 * Link previews (ux 2026-11-28 #31): every public page names the site and asks for a large card,
 * with a raster image, since the big networks render no SVG. A product's own picture when it is a
 * PNG or JPEG, otherwise the shop's image (1200 × 630, drawn by scripts/og-image.mjs and
 * committed).
 */
export const SITE_NAME = 'CaseForge';
export const TWITTER_CARD = 'summary_large_image';
export const SHOP_SHARE_IMAGE = {
  path: '/images/og/caseforge.jpg',
  width: 1200,
  height: 630,
  alt: 'CaseForge: computer cases, gaming cases and power supplies, factory direct',
} as const;

/** Whether an image address names a PNG or JPEG file (by its extension, before any query). */
export const isRasterImage = (url: string): boolean =>
  /\.(?:png|jpe?g)$/i.test(url.split(/[?#]/, 1)[0] ?? '');
