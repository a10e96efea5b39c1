import { canMeetMinimum, formatPrice, stockMessages, type Product } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductTerms } from './product-terms';
import { paths } from '../../../config/paths';

export interface ProductCardProps {
  product: Product;
  /** Lets the first cards of a page load their image eagerly (they are above the fold). */
  eager?: boolean;
  /** The card's heading level: one below the heading of the section the card is in. */
  headingLevel?: 2 | 3;
  /**
   * The card's 'Add to order list', given by the page: the order list belongs to the cart
   * feature, which the catalog does not import. Shown only when the stock covers the minimum.
   */
  addToList?: ((product: Product) => ReactNode) | undefined;
}

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  addToList,
}: ProductCardProps) {
  const headingId = `product-${product._id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      aria-labelledby={headingId}
      className="card bg-base-100 border-base-300 border shadow-sm transition hover:shadow-md"
    >
      <figure className="bg-base-200 aspect-[4/3]">
        <img
          src={product.imgURL}
          alt={product.name}
          width={800}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="h-full w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <Heading id={headingId} className="card-title text-lg leading-snug">
          {product.name}
        </Heading>
        <p className="text-primary text-2xl font-bold">{formatPrice(product.price)}</p>
        <p className="text-base-content/80 text-sm">{product.description}</p>
        <ProductTerms product={product} />
        <ul className="text-sm font-medium">
          <li>Min. Qty. - {product.minquantity} pc&apos;s</li>
          <li>Able. Qty. - {product.aqty} pc&apos;s</li>
        </ul>
        <div className="card-actions mt-auto justify-end">
          {canMeetMinimum(product) && addToList?.(product)}
          {canMeetMinimum(product) ? (
            <Link
              to={paths.order.to(product._id)}
              className="btn btn-primary w-full sm:w-auto"
              aria-label={`Order Now: ${product.name}`}
            >
              Order Now
            </Link>
          ) : (
            // No Order Now: the stock cannot cover even the smallest order.
            <p className="alert alert-warning w-full py-2 text-sm font-medium">
              {stockMessages.notEnoughForMinimum(product.minquantity)}
            </p>
          )}
        </div>
      </div>
    </article>
  );
}
