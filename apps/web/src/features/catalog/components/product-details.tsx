import type { Product } from '@shop/shared';
import { ProductTerms } from './product-terms';

/**
 * One product as the order page shows it: name, image, description, the stock, its trade terms
 * (pack size, volume prices) and its specs.
 */
export function ProductDetails({ product }: { product: Product }) {
  return (
    <article
      aria-labelledby="product-name"
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <figure className="bg-base-200">
        <img
          src={product.imgURL}
          alt={product.name}
          width={800}
          height={600}
          className="w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <h1 id="product-name" className="card-title text-2xl sm:text-3xl">
          {product.name}
        </h1>
        <p className="text-base-content/85">{product.description}</p>
        <p className="font-semibold">Available: {product.aqty} pc&apos;s</p>
        <p className="text-base-content/80">Minimum order: {product.minquantity} pc&apos;s</p>
        <ProductTerms product={product} />
        {product.specs.length > 0 && (
          <dl className="border-base-300 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 border-t pt-3 text-sm">
            {product.specs.map((spec) => (
              <div key={spec.name} className="contents">
                <dt className="font-medium">{spec.name}</dt>
                <dd className="text-base-content/85">{spec.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </article>
  );
}
