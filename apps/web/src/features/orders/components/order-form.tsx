import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPrice,
  messages,
  ORDER_SUCCESS_CLOSE_MS,
  orderCreateSchema,
  type Order,
  type Product,
  type User,
} from '@shop/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useCreateOrder, useOrderKey } from '../api/create-order';
import { showServerErrors } from '../../../lib/form-errors';
import type { OrderDefaults } from '../hooks/use-order-defaults';

const orderFormSchema = orderCreateSchema.pick({ phone: true, address: true, orderQty: true });
type FormInput = z.input<typeof orderFormSchema>;
type FormOutput = z.output<typeof orderFormSchema>;
type FieldName = keyof FormInput;
const fieldNames: readonly FieldName[] = ['phone', 'address', 'orderQty'];

/** The spec's quantity rules, checked while the customer types (SPEC section 5). */
export function quantityProblem(quantity: number, product: Product): string | undefined {
  if (Number.isNaN(quantity)) return undefined;
  if (quantity < product.minquantity) return messages.orderMinimum(product.minquantity);
  if (quantity > product.aqty) return messages.orderMaximum(product.aqty);
  return undefined;
}

interface OrderFormProps {
  product: Product;
  customer: Pick<User, 'displayName' | 'email'>;
  /** What phone and address start with (see useOrderDefaults); empty without it. */
  prefill?: OrderDefaults | undefined;
}

/** Order Details: who orders (read-only), where it goes and how many pieces. */
export function OrderForm({ product, customer, prefill }: OrderFormProps) {
  const create = useCreateOrder();
  const [placed, setPlaced] = useState<Order | null>(null);
  const defaults: FormInput = {
    phone: prefill?.phone ?? '',
    address: prefill?.address ?? '',
    orderQty: product.minquantity,
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: defaults,
    // Defaults that arrive later (the last order's phone and address) fill only the fields the
    // buyer has not touched yet.
    values: defaults,
    resetOptions: { keepDirtyValues: true },
  });
  const quantity = Number(useWatch({ control, name: 'orderQty' }));
  const rangeProblem = quantityProblem(quantity, product);
  const orderKey = useOrderKey(useWatch({ control }), placed);

  const onSubmit = handleSubmit(async (values) => {
    setPlaced(null);
    try {
      const { order } = await create.mutateAsync({
        orderProduct: product._id,
        ...values,
        idempotencyKey: orderKey,
      });
      toast.success(messages.orderSuccess, { duration: ORDER_SUCCESS_CLOSE_MS });
      // Every field starts again, typed ones too (resetOptions would keep them).
      reset(defaults, { keepDirtyValues: false });
      setPlaced(order);
    } catch (error) {
      showServerErrors(
        error,
        fieldNames,
        setError,
        'Your order could not be placed. Please try again.',
      );
    }
  });

  return (
    <section aria-labelledby="order-details" className="card bg-base-100 border-base-300 border">
      <form onSubmit={onSubmit} noValidate className="card-body gap-1">
        <h2 id="order-details" className="card-title text-2xl">
          Order Details
        </h2>
        <TextField label="Name" value={customer.displayName} readOnly className="bg-base-200" />
        <TextField
          label="Email"
          type="email"
          value={customer.email}
          readOnly
          className="bg-base-200"
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          required
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextAreaField
          label="Address"
          autoComplete="street-address"
          rows={3}
          required
          error={errors.address?.message}
          {...register('address')}
        />
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={product.minquantity}
          max={product.aqty}
          step={1}
          required
          error={rangeProblem ?? errors.orderQty?.message}
          {...register('orderQty', { valueAsNumber: true })}
        />
        {!rangeProblem && Number.isInteger(quantity) && quantity > 0 && (
          <p className="text-base-content/80 mt-2 text-sm">
            Order price: {formatPrice(quantity * product.price)} ({formatPrice(product.price)} per
            piece)
          </p>
        )}
        <SubmitButton pending={create.isPending} disabled={rangeProblem !== undefined}>
          Order
        </SubmitButton>
        {placed && (
          <div role="status" className="alert alert-success alert-soft mt-4">
            <p>
              Order of {placed.orderQty} pc&apos;s for {formatPrice(placed.orderPrice)} placed.{' '}
              <Link to="/dashboard" className="link font-semibold">
                Go to My Order
              </Link>{' '}
              to pay for it.
            </p>
          </div>
        )}
      </form>
    </section>
  );
}
