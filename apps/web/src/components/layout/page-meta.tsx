import { isRasterImage, SHOP_SHARE_IMAGE, SITE_NAME, TWITTER_CARD } from '@shop/shared';
import { useEffect } from 'react';
import { siteOrigin } from '../../lib/site-origin';
import { fullTitle } from '../../lib/use-page-title';

interface PageMetaProps {
  /** The page's own title; the shop's name is added. */
  title: string;
  description: string;
  /** The page's one address (path and query), whatever spelling of it was opened. */
  canonicalPath: string;
  /**
   * The page's image for link previews (a path or an address): `og:image` when it is a PNG or
   * JPEG; otherwise, and without one, the shop's image (ux 2026-11-28 #31).
   */
  image?: string;
  /** Open Graph's type of the page: `product` for a product page. */
  type?: 'website' | 'product';
  /** `noindex, follow` for a search's results: followed, not listed (DESIGN.md section 15). */
  robots?: string;
}

/**
 * A page's title, description, canonical address and Open Graph tags (DESIGN.md section 15).
 * React 19 puts these tags in the document's head while the page is shown and takes them out
 * after it; the server sends them in the page's HTML (entry-server.tsx). index.html's default
 * description (for pages without their own) steps aside meanwhile, so a crawler never reads two.
 */
export function PageMeta({
  title,
  description,
  canonicalPath,
  image,
  type,
  robots,
}: PageMetaProps) {
  useEffect(() => {
    const fallback = document.head.querySelector('meta[name="description"][data-default]');
    if (!fallback) return;
    fallback.remove();
    return () => {
      document.head.append(fallback);
    };
  }, []);

  const origin = siteOrigin();
  const canonical = new URL(canonicalPath, origin).href;
  const full = fullTitle(title);
  const own = image !== undefined && isRasterImage(image) ? image : undefined;
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      {robots !== undefined && <meta name="robots" content={robots} />}
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content={type ?? 'website'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:image" content={new URL(own ?? SHOP_SHARE_IMAGE.path, origin).href} />
      {own === undefined && (
        <>
          <meta property="og:image:width" content={String(SHOP_SHARE_IMAGE.width)} />
          <meta property="og:image:height" content={String(SHOP_SHARE_IMAGE.height)} />
          <meta property="og:image:alt" content={SHOP_SHARE_IMAGE.alt} />
        </>
      )}
      <meta property="og:url" content={canonical} />
      <meta name="twitter:card" content={TWITTER_CARD} />
    </>
  );
}
