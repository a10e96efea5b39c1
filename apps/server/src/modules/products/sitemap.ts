import type { FastifyInstance } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.js';

/**
 * `/sitemap.xml` and `/robots.txt` (DESIGN.md section 15): the public pages a search engine
 * should list, every catalog product's page with when it last changed, and the private pages
 * it should leave alone. Outside /api: they are the site's, not the API's.
 */

/** The public pages besides the products' own (sign-in and register are not listed). */
const PUBLIC_PAGES = ['/', '/products', '/blogs', '/portfolio'] as const;

/** What robots are asked to leave alone: the private pages, and the API. */
const DISALLOWED = [
  '/dashboard',
  '/checkout',
  '/order/',
  '/order-list',
  '/addproduct',
  '/api/',
] as const;

const xmlText = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

export interface SitemapSource {
  catalogDates(): Promise<{ id: string; updatedAt: string }[]>;
}

export function sitemapXml(origin: string, products: { id: string; updatedAt: string }[]): string {
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${xmlText(new URL(path, origin).href)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(path)),
    ...products.map((product) =>
      url(`/products/${encodeURIComponent(product.id)}`, product.updatedAt),
    ),
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
}

/**
 * The sitemap, built once per catalog generation (finding 10 of 2026-11-28: it was built from
 * the database on every request): a write to the products on any instance drops it, as it drops
 * the kept pages (http/public-pages.ts). Built every time while the change feed cannot say.
 */
export function keptSitemap(products: SitemapSource, origin: string, feed: ChangeFeed) {
  let kept: { generation: number; xml: string } | undefined;
  return async (): Promise<string> => {
    const generation = feed.generation('products');
    if (kept && generation !== undefined && kept.generation === generation) return kept.xml;
    const xml = sitemapXml(origin, await products.catalogDates());
    kept = generation === undefined ? undefined : { generation, xml };
    return xml;
  };
}

export function sitemapRoutes(products: SitemapSource, origin: string, feed: ChangeFeed) {
  const sitemap = keptSitemap(products, origin, feed);
  return async (app: FastifyInstance) => {
    app.get(
      '/sitemap.xml',
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .type('application/xml; charset=utf-8')
          .header('Cache-Control', 'public, max-age=300')
          .send(await sitemap()),
    );
    app.get(
      '/robots.txt',
      { config: { access: 'public' }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('Cache-Control', 'public, max-age=3600')
          .send(robotsTxt(origin)),
    );
  };
}
