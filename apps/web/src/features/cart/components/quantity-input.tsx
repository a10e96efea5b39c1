import { cartMessages, type Product } from '@shop/shared';
import { useRef } from 'react';
import { useKeepTypedValue } from '../../../lib/early-input';

/**
 * A product's quantity field, the same wherever one is typed (a card, the product page, a row of
 * the order list): a number keypad, the product's minimum, stock and pack size as its bounds
 * and step, its name in the label, and `describedBy` naming what is wrong with it. A quantity
 * typed into a server-drawn field before the app took it over is kept (useKeepTypedValue).
 */
export function QuantityInput({
  id,
  product,
  name = product.name,
  value,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  id: string;
  product: Pick<Product, 'name' | 'minquantity' | 'aqty' | 'increment'>;
  /** The name the label gives the product (the order list's may be its stored one). */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  className: string;
}) {
  const field = useRef<HTMLInputElement>(null);
  useKeepTypedValue(field, value, onChange);
  return (
    <input
      ref={field}
      id={id}
      type="number"
      inputMode="numeric"
      min={product.minquantity}
      max={product.aqty}
      step={Math.max(1, product.increment)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={cartMessages.quantityLabel(name)}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      className={`${className} ${invalid ? 'input-error' : ''}`}
    />
  );
}
