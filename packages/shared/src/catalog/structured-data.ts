import { canMeetMinimum } from './stock.js';

/** What a product page's schema.org `Product` is built from (a product as the API answers it). */
export interface StructuredProduct {
  _id: string;
  name: string;
  price: number;
  description: string;
  imgURL: string;
  aqty: number;
  minquantity: number;
  sku: string | null;
}

/** The currency every price of the shop is in (DESIGN.md section 15). */
export const PRICE_CURRENCY = 'USD';

/**
 * A product page's schema.org `Product` (the fields Google's product rich results read): the
 * base unit price, in stock when the stock reaches the minimum order. `url` is the page's
 * canonical address and `image` the product's image, both absolute.
 */
export function productJsonLd(
  product: StructuredProduct,
  { url, image }: { url: string; image: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(product.sku ? { sku: product.sku } : {}),
    image: [image],
    description: product.description || product.name,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: product.price,
      priceCurrency: PRICE_CURRENCY,
      availability: canMeetMinimum(product)
        ? 'https://schema.org/InStock'
        : 'https://schema.org/OutOfStock',
    },
  };
}

/**
 * JSON to put inside a `<script>` element: `<`, `>`, `&` and the two line separators written as
 * escapes, so no text of the data (`</script>` in a description) can end the element or start
 * markup, and the JSON reads back the same.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
