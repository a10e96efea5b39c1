import { formatQuantity, formatPrice, type Product } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ProductOrderActions } from './product-order-actions';
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
  /** The page's largest paint (the first card of the products page): its image comes first. */
  priority?: boolean;
}

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  addToList,
  priority = false,
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
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="h-full w-full object-contain"
        />
      </figure>
      {/* daisyUI grows a card's paragraphs: on a card whose controls are one line (the amber
          'Not enough stock' instead of quantity and buttons) the description floated between
          gaps (issue 22, defect 30). The spare height goes above the controls instead. */}
      <div className="card-body gap-3 [&>p]:grow-0">
        <Heading id={headingId} className="card-title text-lg leading-snug">
          <Link to={paths.product.to(product._id)} className="link link-hover">
            {product.name}
          </Link>
        </Heading>
        <p className="text-primary text-2xl font-bold">{formatPrice(product.price)}</p>
        <p className="text-base-content/80 text-sm">{product.description}</p>
        <ProductTerms product={product} />
        <ul className="text-sm font-medium">
          <li>Min. Qty. - {formatQuantity(product.minquantity)} pc&apos;s</li>
          <li>Able. Qty. - {formatQuantity(product.aqty)} pc&apos;s</li>
        </ul>
        <div className="card-actions mt-auto justify-end">
          <ProductOrderActions product={product} addToList={addToList?.(product)} />
        </div>
      </div>
    </article>
  );
}
