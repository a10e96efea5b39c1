import {
  formatPrice,
  productSearchMessages as text,
  productTermsMessages as terms,
  type Product,
} from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { ProductCardProps } from './product-card';
import { ProductOrderActions } from './product-order-actions';

interface ProductListTableProps {
  products: Product[];
  /** Each row's quantity and 'Add to order list' (the order list's own component, as on cards). */
  addToList?: ProductCardProps['addToList'];
}

/**
 * /products?view=list (issue 22, defect 18): one row per product to compare prices, volume
 * prices, minimum, pack and stock at a glance, and order from the row. On a phone each row is a
 * compact block of its cells (the table stays a table to assistive technology), so nothing
 * scrolls sideways.
 */
export function ProductListTable({ products, addToList }: ProductListTableProps) {
  return (
    <div className="bg-base-100 border-base-300 rounded-box border">
      <table className="product-list w-full text-sm">
        <caption className="sr-only">{text.listCaption}</caption>
        <thead className="max-md:sr-only">
          <tr className="border-base-300 border-b text-left">
            <th scope="col" className="p-3">
              {text.productColumn}
            </th>
            <th scope="col" className="p-3">
              {text.priceColumn}
            </th>
            <th scope="col" className="p-3 text-right">
              {text.minimumColumn}
            </th>
            <th scope="col" className="p-3 text-right">
              {text.packColumn}
            </th>
            <th scope="col" className="p-3 text-right">
              {text.stockColumn}
            </th>
            <th scope="col" className="p-3">
              {text.orderColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <ProductRow key={product._id} product={product} addToList={addToList} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The label a cell shows before its value on a phone, where the column headers are hidden. */
const cellLabel = 'md:hidden text-base-content/70 mr-1 font-normal';

function ProductRow({
  product,
  addToList,
}: {
  product: Product;
  addToList: ProductListTableProps['addToList'];
}) {
  const breaks = [...product.priceBreaks].sort((a, b) => a.minQty - b.minQty);
  return (
    <tr className="border-base-300 grid grid-cols-3 gap-x-3 gap-y-1 border-b p-3 last:border-b-0 md:table-row md:p-0">
      <th scope="row" className="col-span-3 text-left font-normal md:w-1/4 md:p-3">
        <Link to={paths.product.to(product._id)} className="link link-hover font-semibold">
          {product.name}
        </Link>
        {product.sku && (
          <span className="text-base-content/80 block font-mono text-xs">
            {terms.sku(product.sku)}
          </span>
        )}
      </th>
      <td className="col-span-3 md:p-3">
        <span className="text-primary font-bold">{formatPrice(product.price)}</span>
        {breaks.length > 0 && (
          <ul aria-label={terms.volumePrices} className="mt-1 flex flex-wrap gap-x-2 gap-y-1">
            {breaks.map((b) => (
              <li key={b.minQty} className="bg-base-200 rounded px-1.5 text-xs">
                {terms.priceBreak(b.minQty, formatPrice(b.price))}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="md:p-3 md:text-right">
        <span className={cellLabel}>{text.minimumColumn}</span>
        {text.pieces(product.minquantity)}
      </td>
      <td className="md:p-3 md:text-right">
        <span className={cellLabel}>{text.packColumn}</span>
        {product.increment}
      </td>
      <td className="md:p-3 md:text-right">
        <span className={cellLabel}>{text.stockColumn}</span>
        {text.pieces(product.aqty)}
      </td>
      <td className="col-span-3 mt-1 md:mt-0 md:w-72 md:p-3">
        <div className="flex flex-col gap-2">
          <ProductOrderActions product={product} addToList={addToList?.(product)} />
        </div>
      </td>
    </tr>
  );
}
