import { cartMessages, type Product } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { useAddToOrderList } from '../hooks/use-add-to-order-list';
import { parseQuantity, quantityProblem } from '../quantity-rules';

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
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={product.minquantity}
            max={product.aqty}
            step={Math.max(1, product.increment)}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setRefusal(null);
            }}
            aria-label={cartMessages.quantityLabel(product.name)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            className={`input input-sm w-full ${problem ? 'input-error' : ''}`}
          />
        </div>
        <button
          type="submit"
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
