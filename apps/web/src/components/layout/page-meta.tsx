import { useEffect } from 'react';
import { fullTitle, SHOP } from '../../lib/use-page-title';

interface PageMetaProps {
  /** The page's own title; the shop's name is added. */
  title: string;
  description: string;
  /** The page's one address (path and query), whatever spelling of it was opened. */
  canonicalPath: string;
  /** Open Graph tags for link previews: the page's image (a path or an address). */
  image?: string;
  /** Open Graph's type of the page: `product` for a product page. */
  type?: 'website' | 'product';
}

/**
 * A page's title, description and canonical address, and with `image` its Open Graph preview.
 * React 19 puts these tags in the document's head while the page is shown and takes them out
 * after it. index.html's default description (for pages without their own) steps aside meanwhile,
 * so a crawler never reads two.
 */
export function PageMeta({ title, description, canonicalPath, image, type }: PageMetaProps) {
  useEffect(() => {
    const fallback = document.head.querySelector('meta[name="description"][data-default]');
    if (!fallback) return;
    fallback.remove();
    return () => {
      document.head.append(fallback);
    };
  }, []);

  const origin = window.location.origin;
  const canonical = new URL(canonicalPath, origin).href;
  const full = fullTitle(title);
  return (
    <>
      <title>{full}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {image !== undefined && (
        <>
          <meta property="og:type" content={type ?? 'website'} />
          <meta property="og:site_name" content={SHOP} />
          <meta property="og:title" content={title} />
          <meta property="og:description" content={description} />
          <meta property="og:image" content={new URL(image, origin).href} />
          <meta property="og:url" content={canonical} />
        </>
      )}
    </>
  );
}
