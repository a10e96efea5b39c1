import {
  formatQuantity,
  b2bMessages,
  cartMessages,
  checkoutHelpMessages,
  formatPrice,
  quickOrderMessages,
  reorderMessages,
  quoteMessages,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { focusHeading } from '../../../lib/use-focus-heading';
import { productsQuery } from '../../catalog/api/get-products';
import { setOrderListQuantity } from '../order-list-actions';
import { clearOrderList, removeFromOrderList, useOrderList } from '../order-list-store';
import { confirmAction } from '../../../components/ui/confirm';
import { priceOrderList, type PricedLine } from '../priced-lines';
import { parseQuantity } from '../quantity-rules';
import { QuantityInput } from './quantity-input';
import { paths } from '../../../config/paths';
import type { OrderListPageState } from './put-back-button';

const COLUMNS = ['Product', 'Quantity', 'Unit price', 'Line total', 'Action'] as const;

/**
 * The order list: each product with its quantity (checked against the product's rules as the
 * buyer types), the unit price that quantity earns, the next volume price and the line's total;
 * then the order's total and the way to the checkout.
 */
export function OrderList({ savedLists = null }: { savedLists?: ReactNode } = {}) {
  const lines = useOrderList();
  // Stock and prices as they are now, not as they were when the products were added.
  const products = useQuery({ ...productsQuery(), refetchOnMount: 'always' });
  // What the buyer is typing where it is not a quantity the list can hold yet ('', '0', 'ab').
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reasonId = useId();
  // Products of a cancelled order were just put back: what could not be is said here.
  const pageState = useLocation().state as OrderListPageState | null;
  const putBack = pageState?.putBack;
  const reorder = pageState?.reorder === true;

  const edit = (productId: string, text: string) => {
    const { quantity } = parseQuantity(text);
    // A whole number is kept at once (a reload shows it, with its problem if it has one).
    if (quantity !== undefined) setOrderListQuantity(productId, quantity);
    if (quantity !== undefined && String(quantity) === text.trim()) {
      setDrafts(({ [productId]: _gone, ...rest }) => rest);
    } else {
      setDrafts((current) => ({ ...current, [productId]: text }));
    }
  };

  const remove = (productId: string, name: string) => {
    removeFromOrderList([productId]);
    setDrafts(({ [productId]: _gone, ...rest }) => rest);
    setRemoved(cartMessages.removed(name));
    // The row and its button are gone: focus goes back to the top of the list.
    if (heading.current) focusHeading(heading.current);
  };

  // ux 2026-11-28 #26: the whole list in one action, after asking.
  const clear = async () => {
    const confirmed = await confirmAction({
      title: cartMessages.clearTitle,
      text: cartMessages.clearText(lines.length),
      confirmText: cartMessages.clearConfirm,
      tone: 'danger',
    });
    if (!confirmed) return;
    clearOrderList();
    setDrafts({});
    setRemoved(cartMessages.cleared);
    if (heading.current) focusHeading(heading.current);
  };

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 ref={heading} className="text-3xl font-bold">
          {cartMessages.pageTitle}
        </h1>
        <Link to={paths.quickOrder.to()} className="btn btn-outline">
          {quickOrderMessages.linkLong}
        </Link>
      </div>
      <p role="status" className="sr-only">
        {removed}
      </p>
      {putBack && (putBack.skipped.length > 0 || putBack.added === 0) && (
        <div role="status" className="alert alert-warning flex-col items-start">
          <p className="font-semibold">
            {putBack.added === 0
              ? reorder
                ? reorderMessages.none
                : checkoutHelpMessages.putBackNone
              : reorder
                ? reorderMessages.skippedHeading
                : checkoutHelpMessages.putBackSkippedHeading}
          </p>
          <ul className="list-disc pl-5">
            {putBack.skipped.map(({ name, why }) => (
              <li key={name}>{checkoutHelpMessages.putBackSkipped(name, why)}</li>
            ))}
          </ul>
        </div>
      )}
      {lines.length === 0 ? (
        <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
          <p>{cartMessages.empty}</p>
          <Link to={paths.products.to()} className="btn btn-primary">
            {cartMessages.browse}
          </Link>
        </div>
      ) : (
        <QueryState query={products} what="the products">
          {(catalog) => {
            const priced = priceOrderList(lines, catalog, drafts);
            return (
              <>
                <DataTable label={cartMessages.pageTitle} columns={COLUMNS}>
                  <tbody>
                    {priced.lines.map((item) => (
                      <OrderListRow
                        key={item.line.productId}
                        item={item}
                        onEdit={(text) => edit(item.line.productId, text)}
                        onRemove={() =>
                          remove(item.line.productId, item.product?.name ?? item.line.name)
                        }
                      />
                    ))}
                  </tbody>
                </DataTable>
                <div className="bg-base-100 border-base-300 rounded-box flex flex-wrap items-center justify-between gap-4 border p-4">
                  <p className="text-xl font-bold">
                    {cartMessages.total}: {formatPrice(priced.totalCents / 100)}{' '}
                    <span className="text-base-content/80 text-sm font-normal">
                      ({cartMessages.pieces(priced.pieces)})
                    </span>
                  </p>
                  <div className="flex flex-wrap items-start gap-3">
                    <button
                      type="button"
                      className="btn btn-outline btn-error"
                      onClick={() => void clear()}
                    >
                      {cartMessages.clear}
                    </button>
                    {/* Quantities beyond the stock or the minimum: a quote (DESIGN.md section 14). */}
                    <Link to={paths.quoteRequest.to()} className="btn btn-outline">
                      {quoteMessages.requestQuote}
                    </Link>
                    {priced.blocked ? (
                      <div className="flex flex-col items-end gap-1">
                        <button
                          type="button"
                          className="btn btn-primary"
                          disabled
                          aria-describedby={reasonId}
                        >
                          {cartMessages.checkout}
                        </button>
                        <p id={reasonId} className="text-error text-sm">
                          {priced.blocked === 'unavailable'
                            ? cartMessages.checkoutBlockedUnavailable
                            : cartMessages.checkoutBlocked}
                        </p>
                      </div>
                    ) : (
                      <Link to={paths.checkout.to()} className="btn btn-primary">
                        {cartMessages.checkout}
                      </Link>
                    )}
                  </div>
                </div>
              </>
            );
          }}
        </QueryState>
      )}
      {savedLists}
    </section>
  );
}

interface OrderListRowProps {
  item: PricedLine;
  onEdit: (text: string) => void;
  onRemove: () => void;
}

function OrderListRow({ item, onEdit, onRemove }: OrderListRowProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const { line, product, text, problem, price, next, reached } = item;
  const name = product?.name ?? line.name;
  const removeButton = (
    <button
      type="button"
      className="btn btn-sm btn-error btn-outline"
      aria-label={cartMessages.removeLabel(name)}
      onClick={onRemove}
    >
      {cartMessages.remove}
    </button>
  );

  if (!product) {
    return (
      <tr>
        <RowHeader label="Product">
          <span>{name}</span>
          <span className="text-warning-content bg-warning rounded-field mt-1 block w-fit px-2 text-xs font-semibold">
            {cartMessages.unavailable}
          </span>
        </RowHeader>
        <Cell label="Quantity">{formatQuantity(line.quantity)}</Cell>
        <Cell label="Unit price">
          <NoValue />
        </Cell>
        <Cell label="Line total">
          <NoValue />
        </Cell>
        <Cell label="Action">{removeButton}</Cell>
      </tr>
    );
  }

  return (
    <tr>
      <RowHeader label="Product">
        <Link to={paths.order.to(product._id)} className="link">
          {name}
        </Link>
      </RowHeader>
      <Cell label="Quantity">
        <QuantityInput
          id={id}
          product={product}
          name={name}
          value={text}
          onChange={onEdit}
          invalid={Boolean(problem)}
          describedBy={problem ? errorId : undefined}
          className="input input-sm w-28"
        />
        {problem && (
          <p id={errorId} className="text-error mt-1 text-sm">
            {problem}
          </p>
        )}
      </Cell>
      <Cell label="Unit price">
        {price ? cartMessages.unitPrice(formatPrice(price.unitPrice)) : <NoValue />}
        {price && reached && (
          <span className="text-success-content bg-success rounded-field mt-1 block w-fit px-2 text-xs font-semibold">
            {cartMessages.breakReached(reached.minQty)}
          </span>
        )}
        {next && (
          <span className="text-base-content/80 mt-1 block text-xs">
            {b2bMessages.nextBreak(next.minQty, formatPrice(next.price))}
          </span>
        )}
      </Cell>
      <Cell label="Line total">{price ? formatPrice(price.lineTotal) : <NoValue />}</Cell>
      <Cell label="Action">{removeButton}</Cell>
    </tr>
  );
}
