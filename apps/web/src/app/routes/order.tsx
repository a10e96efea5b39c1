import { Link, useLocation, useParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { useProduct } from '../../features/catalog/api/get-product';
import { ApiRequestError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { NotFoundRoute } from './not-found';

/**
 * The product a customer is about to order. Placing the order needs an account, so until the
 * visitor signs in this page shows the product and the way to sign in.
 */
export function OrderRoute() {
  const { productId = '' } = useParams();
  const location = useLocation();
  const query = useProduct(productId);
  usePageTitle(query.data ? `Order ${query.data.name}` : 'Order');

  if (query.error instanceof ApiRequestError && query.error.status === 404) {
    return <NotFoundRoute />;
  }
  return (
    <QueryState query={query} what="the product">
      {(product) => (
        <article className="card bg-base-100 border-base-300 border shadow-sm lg:card-side">
          <figure className="bg-base-200 lg:w-1/2">
            <img
              src={product.imgURL}
              alt={product.name}
              width={800}
              height={600}
              className="w-full object-contain"
            />
          </figure>
          <div className="card-body justify-center lg:w-1/2">
            <div className="space-y-4">
              <h1 className="card-title text-2xl sm:text-3xl">{product.name}</h1>
              <p className="text-base-content/85">{product.description}</p>
              <p className="font-semibold">Available: {product.aqty} pc&apos;s</p>
              <p className="text-base-content/80">Minimum order: {product.minquantity} pc&apos;s</p>
              <div className="alert">
                <span>Log in to place an order for this product.</span>
              </div>
              <div className="card-actions">
                <Link to="/login" state={{ from: location }} className="btn btn-primary">
                  Login to order
                </Link>
              </div>
            </div>
          </div>
        </article>
      )}
    </QueryState>
  );
}
