import {
  canMeetMinimum,
  jsonForScript,
  metaDescription,
  productJsonLd,
  productPageMessages,
} from '@shop/shared';
import { useParams } from 'react-router';
import { PageMeta } from '../../components/layout/page-meta';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { ProductPageOrder } from '../../features/cart/components/product-page-order';
import { useProduct } from '../../features/catalog/api/get-product';
import { ProductDetails } from '../../features/catalog/components/product-details';
import { ProductOrderActions } from '../../features/catalog/components/product-order-actions';
import { siteOrigin } from '../../lib/site-origin';

/**
 * /products/{id}: one product with everything a buyer weighs (price and volume prices, minimum,
 * pack size, stock, specs) and its two ways to order. An unknown or malformed id is the
 * not-found page (the API answers 404 for both).
 */
export function ProductRoute() {
  const { productId = '' } = useParams();
  const query = useProduct(productId);
  return (
    <QueryState query={query} what="the product">
      {(product) => (
        <>
          <PageMeta
            title={product.name}
            description={metaDescription(
              product.description || productPageMessages.fallbackDescription(product.name),
            )}
            canonicalPath={paths.product.to(product._id)}
            image={product.imgURL}
            type="product"
          />
          {/* schema.org Product for search engines' rich results, escaped so that no text of
              the product (`</script>` in its description) can end the element. */}
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{
              __html: jsonForScript(
                productJsonLd(product, {
                  url: new URL(paths.product.to(product._id), siteOrigin()).href,
                  image: new URL(product.imgURL, siteOrigin()).href,
                }),
              ),
            }}
          />
          <ProductDetails product={product} variant="page">
            <div className="card-actions mt-2 items-end">
              {canMeetMinimum(product) ? (
                // One quantity for both ways to order, priced as it is typed (issue 22).
                <ProductPageOrder product={product} />
              ) : (
                <ProductOrderActions product={product} addToList={null} />
              )}
            </div>
          </ProductDetails>
        </>
      )}
    </QueryState>
  );
}
