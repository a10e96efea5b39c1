import {
  formatQuantity,
  formatPrice,
  productPageMessages as text,
  type Product,
} from '@shop/shared';
import type { ReactNode } from 'react';
import { PriceBreakTable } from './price-break-table';
import { ProductTerms } from './product-terms';

interface ProductDetailsProps {
  product: Product;
  /**
   * `order` (the order page's column beside its form): the facts the form is checked against.
   * `page` (the product's own page): the image beside the facts on a large screen, the price and
   * the volume prices as a table.
   */
  variant?: 'order' | 'page';
  /** What the page offers after the facts: the product page's order buttons. */
  children?: ReactNode;
}

/**
 * One product: name, image, description, the stock, its trade terms (pack size, volume prices)
 * and its specs, on the order page and on the product page.
 */
export function ProductDetails({ product, variant = 'order', children }: ProductDetailsProps) {
  const page = variant === 'page';
  return (
    <article
      aria-labelledby="product-name"
      className={`card bg-base-100 border-base-300 border shadow-sm ${page ? 'lg:card-side' : ''}`}
    >
      <figure className={`bg-base-200 ${page ? 'lg:w-1/2 lg:shrink-0' : ''}`}>
        <img
          src={product.imgURL}
          alt={product.name}
          width={800}
          height={600}
          // The product page's largest paint: fetched before anything else it shows.
          fetchPriority={page ? 'high' : undefined}
          className="w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <h1 id="product-name" className="card-title text-2xl sm:text-3xl">
          {product.name}
        </h1>
        {page && (
          <p className="flex items-baseline gap-2">
            <span className="text-primary text-3xl font-bold">{formatPrice(product.price)}</span>
            <span className="text-base-content/80">{text.perPiece}</span>
          </p>
        )}
        <p className="text-base-content/85">{product.description}</p>
        <p className="font-semibold">Available: {formatQuantity(product.aqty)} pc&apos;s</p>
        <p className="text-base-content/80">
          Minimum order: {formatQuantity(product.minquantity)} pc&apos;s
        </p>
        <ProductTerms product={product} priceBreaks={!page} />
        {page && <PriceBreakTable product={product} />}
        {children}
        {product.specs.length > 0 && (
          <table className="table-sm table">
            <caption className="pt-3 text-left font-semibold">{text.specsCaption}</caption>
            <tbody>
              {product.specs.map((spec) => (
                <tr key={spec.name}>
                  <th scope="row" className="w-2/5 font-medium">
                    {spec.name}
                  </th>
                  <td className="text-base-content/85">{spec.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </article>
  );
}
