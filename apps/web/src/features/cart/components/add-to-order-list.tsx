import { cartMessages, type Product } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useAddToOrderList } from '../hooks/use-add-to-order-list';
import { parseQuantity, quantityProblem } from '../quantity-rules';
import { QuantityInput } from './quantity-input';

/**
 * A product card's quantity and 'Add to order list': the quantity starts at the minimum and
 * steps by the pack size; what breaks the product's rules is said under it as it is typed.
 */
export function AddToOrderList({ product }: { product: Product }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(String(product.minquantity));
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = useAddToOrderList(product);
  // Drawn by the server, the button submits nothing until the browser has taken the page over:
  // a click then would send the form as a plain GET and leave the page (a search lost).
  const hydrated = useHydrated();
  const problem = quantityProblem(text, product) ?? refusal ?? undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { quantity } = parseQuantity(text);
    if (quantity === undefined || quantityProblem(text, product)) return;
    setRefusal(add(quantity));
  };

  return (
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
          disabled={quantityProblem(text, product) !== undefined}
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
  );
}
