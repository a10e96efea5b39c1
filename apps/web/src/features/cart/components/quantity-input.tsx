import { cartMessages, readTypedNumber, type Product } from '@shop/shared';
import { useRef, type KeyboardEvent } from 'react';
import { useKeepTypedValue } from '../../../lib/early-input';

type QuantityRules = Pick<Product, 'name' | 'minquantity' | 'aqty' | 'increment'>;

/**
 * The quantity the arrow keys step to from `typed`: the next pack multiple up or down, within
 * the minimum and the stock (the steps a number field took before it became a text field).
 */
export function steppedQuantity(product: QuantityRules, typed: string, up: boolean): number {
  const increment = Math.max(1, product.increment);
  const lowest = Math.ceil(Math.max(1, product.minquantity) / increment) * increment;
  const highest = Math.max(lowest, Math.floor(product.aqty / increment) * increment);
  const read = readTypedNumber(typed, { whole: true });
  if (!read.ok) return lowest;
  const next = up
    ? (Math.floor(read.value / increment) + 1) * increment
    : (Math.ceil(read.value / increment) - 1) * increment;
  return Math.min(highest, Math.max(lowest, next));
}

/**
 * A product's quantity field, the same wherever one is typed (a card, the product page, a row of
 * the order list): a text field with a number keypad, so a quantity typed as people write it
 * (`1,000`, issue 33 point 6) reaches the shared reader instead of being dropped by the browser;
 * the arrow keys step by the pack size within the minimum and the stock; its name in the label,
 * and `describedBy` naming what is wrong with it. A quantity typed into a
 * server-drawn field before the app took it over is kept (useKeepTypedValue).
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
  product: QuantityRules;
  /** The name the label gives the product (the order list's may be its stored one). */
  name?: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  className: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    onChange(String(steppedQuantity(product, value, event.key === 'ArrowUp')));
  };
  const field = useRef<HTMLInputElement>(null);
  useKeepTypedValue(field, value, onChange);
  return (
    <input
      ref={field}
      id={id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      aria-label={cartMessages.quantityLabel(name)}
      aria-invalid={invalid ? true : undefined}
      aria-describedby={describedBy}
      className={`${className} ${invalid ? 'input-error' : ''}`}
    />
  );
}
