import { cartMessages, productQuantityMessages, type Product } from '@shop/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useEarlyInput } from '../../../lib/early-input';
import { useHydrated } from '../../../lib/use-hydrated';
import { useAddToOrderList } from '../hooks/use-add-to-order-list';
import { parseQuantity, quantityProblem } from '../quantity-rules';
import { orderNowPath } from './product-page-order';
import { QuantityInput } from './quantity-input';

/**
 * A product card's quantity, 'Add to order list' and 'Order Now': the quantity starts at the
 * minimum and steps by the pack size; what breaks the product's rules is said under it as it is
 * typed, and both buttons then wait for a quantity that can be ordered. Order Now opens the order
 * form with the quantity typed (ux 2026-11-28, defect 10). A quantity typed and a button pressed
 * before the app has taken the card over are kept and acted on once it has (useEarlyInput).
 */
export function AddToOrderList({ product }: { product: Product }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(String(product.minquantity));
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = useAddToOrderList(product);
  const box = useRef<HTMLDivElement>(null);
  const early = useEarlyInput(box);
  // Drawn by the server, the button submits nothing until the browser has taken the page over:
  // a click then would send the form as a plain GET and leave the page (a search lost).
  const hydrated = useHydrated();
  const invalid = quantityProblem(text, product);
  const problem = invalid ?? refusal ?? undefined;
  const { quantity } = parseQuantity(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { quantity } = parseQuantity(text);
    if (quantity === undefined || quantityProblem(text, product)) return;
    setRefusal(add(quantity));
  };

  return (
    <div ref={box} {...early} className="contents">
      <form onSubmit={onSubmit} noValidate className="w-full">
        <div className="flex items-end gap-2">
          <div className="w-28 shrink-0">
            <label htmlFor={id} className="mb-1 block text-sm font-medium">
              Quantity
            </label>
            <QuantityInput
              id={id}
              product={product}
              value={text}
              onChange={(value) => {
                setText(value);
                setRefusal(null);
              }}
              invalid={Boolean(problem)}
              describedBy={problem ? errorId : undefined}
              className="input input-sm w-full"
            />
          </div>
          <button
            type={hydrated ? 'submit' : 'button'}
            className="btn btn-outline btn-primary btn-sm grow"
            disabled={invalid !== undefined}
            aria-label={cartMessages.addToListLabel(product.name)}
          >
            {cartMessages.addToList}
          </button>
        </div>
        {problem && (
          <p id={errorId} className="text-error mt-1 text-sm">
            {problem}
          </p>
        )}
      </form>
      {invalid || quantity === undefined ? (
        <button
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          disabled
          aria-label={productQuantityMessages.orderNowLabel(product.name)}
          aria-describedby={errorId}
        >
          Order Now
        </button>
      ) : (
        <Link
          to={orderNowPath(product, quantity)}
          className="btn btn-primary w-full sm:w-auto"
          aria-label={productQuantityMessages.orderNowLabel(product.name)}
        >
          Order Now
        </Link>
      )}
    </div>
  );
}
