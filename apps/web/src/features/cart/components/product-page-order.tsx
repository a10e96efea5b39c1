import {
  cartMessages,
  formatPrice,
  linePrice,
  productQuantityMessages as text,
  quantityIssue,
  type Product,
} from '@shop/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useEarlyInput } from '../../../lib/early-input';
import { useHydrated } from '../../../lib/use-hydrated';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useAddToOrderList } from '../hooks/use-add-to-order-list';
import { quantityInOrderList, useOrderList } from '../order-list-store';
import { parseQuantity, quantityProblem } from '../quantity-rules';
import { QuantityInput } from './quantity-input';

/** The address of Order Now for a quantity: the minimum needs none (the form starts there). */
export function orderNowPath(product: Pick<Product, '_id' | 'minquantity'>, quantity: number) {
  const path = paths.order.to(product._id);
  return quantity === product.minquantity ? path : `${path}?qty=${quantity}`;
}

/**
 * What the order list already holding some of the product leaves for this quantity: why it
 * cannot take it (all the stock is listed, or the two together pass it), or undefined.
 */
export function listProblem(
  product: Product,
  inList: number,
  quantity: number,
): string | undefined {
  if (inList === 0) return undefined;
  if (inList >= product.aqty) return text.listHoldsAllStock(inList);
  const issue = quantityIssue(product, inList + quantity);
  if (!issue) return undefined;
  return issue.code === 'out_of_stock'
    ? cartMessages.moreThanStock(inList, product.aqty)
    : issue.message;
}

/**
 * The product page's ordering (issue 22, defects 9 and 29): one quantity for both ways to order.
 * As it is typed it shows the unit price it reaches and the line total (the shared linePrice);
 * a quantity the product's rules refuse disables both buttons with the reason, and the stock is
 * named as the maximum; 'Order Now' opens the order form with this quantity. A quantity typed and
 * a button pressed before the app has taken the page over are kept and acted on once it has.
 */
export function ProductPageOrder({ product }: { product: Product }) {
  const id = useId();
  const reasonId = `${id}-reason`;
  const [typed, setTyped] = useState(String(product.minquantity));
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = useAddToOrderList(product);
  const form = useRef<HTMLFormElement>(null);
  const early = useEarlyInput(form);
  // Drawn by the server, the button submits nothing until the browser has taken the page over:
  // a click then would send the form as a plain GET and leave the page (a search lost).
  const hydrated = useHydrated();
  const inList = quantityInOrderList(useOrderList(), product._id);

  const problem = quantityProblem(typed, product);
  const { quantity } = parseQuantity(typed);
  const tooMany = quantity !== undefined && quantity > product.aqty;
  const forList =
    problem ?? (quantity === undefined ? undefined : listProblem(product, inList, quantity));
  const reason = problem ?? forList ?? refusal ?? undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (quantity === undefined || forList) return;
    setRefusal(add(quantity));
  };

  return (
    <form ref={form} {...early} onSubmit={onSubmit} noValidate className="w-full space-y-3">
      <div className="w-40">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          Quantity
        </label>
        <QuantityInput
          id={id}
          product={product}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setRefusal(null);
          }}
          invalid={Boolean(problem)}
          describedBy={reason ? reasonId : undefined}
          className="input w-full"
        />
      </div>
      {reason ? (
        <p id={reasonId} className="text-error text-sm">
          {reason}
          {tooMany && <> {text.inStock(product.aqty)}</>}
        </p>
      ) : null}
      {!problem && quantity !== undefined && <LinePrice product={product} quantity={quantity} />}
      <div className="flex flex-wrap gap-2">
        <button
          type={hydrated ? 'submit' : 'button'}
          className="btn btn-outline btn-primary"
          disabled={forList !== undefined}
          aria-label={cartMessages.addToListLabel(product.name)}
          aria-describedby={forList ? reasonId : undefined}
        >
          {cartMessages.addToList}
        </button>
        {problem || quantity === undefined ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled
            aria-label={text.orderNowLabel(product.name)}
            aria-describedby={reasonId}
          >
            Order Now
          </button>
        ) : (
          <Link
            to={orderNowPath(product, quantity)}
            className="btn btn-primary"
            aria-label={text.orderNowLabel(product.name)}
          >
            Order Now
          </Link>
        )}
      </div>
    </form>
  );
}

/** The unit price the quantity reaches and the line's total, as the order list shows them. */
function LinePrice({ product, quantity }: { product: Product; quantity: number }) {
  const { unitPrice, lineTotal } = linePrice(product, quantity);
  return (
    <p className="text-base-content/80 text-sm" aria-live="polite">
      {text.linePrice(formatPrice(unitPrice), formatPrice(lineTotal))}
    </p>
  );
}
