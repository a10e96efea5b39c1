import {
  formatQuantity,
  canMeetMinimum,
  cartMessages,
  checkoutHelpMessages,
  paymentChoiceMessages,
  type PaymentMethod,
  formatPrice,
  linePrice,
  messages,
  ORDER_SUCCESS_CLOSE_MS,
  orderCreateSchema,
  quantityIssue,
  stockMessages,
  wholeNumberInput,
  type Order,
  type Product,
  type User,
} from '@shop/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useCreateOrder, useOrderKey } from '../api/create-order';
import { errorMessage, isEmailNotConfirmed } from '../../../lib/error-message';
import { ConfirmEmailNotice } from '../../../components/ui/confirm-email-notice';
import { useSendConfirmationMail } from '../../account/api/send-confirmation-mail';
import { BuyerFields, type OrderDefaults } from '../../../components/ui/buyer-fields';
import { paths } from '../../../config/paths';
import { CompanyBilling, type CompanyBillingDetails } from '../../../components/ui/company-billing';
import { PaymentMethodChoice } from '../../../components/ui/payment-method-choice';
import { useOrder } from '../api/get-order';
import { lastOrderNow, rememberOrderNow } from '../last-order-now';

const orderFormSchema = orderCreateSchema.pick({
  phone: true,
  address: true,
  orderQty: true,
  poNumber: true,
});
type FormInput = z.input<typeof orderFormSchema>;

const quantitySchema = orderCreateSchema.shape.orderQty;
const wholeNumber = wholeNumberInput(z.number().int());

/** The quantity as typed, when it is a whole number written in digits ('1e3' is not). */
export function typedQuantity(value: unknown): number | undefined {
  const parsed = wholeNumber.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What is wrong with the quantity as typed, checked on every keystroke and paste: digits only
 * (the shared whole-number rule), then the product's rules (shared `quantityIssue`: the spec's
 * minimum and maximum, and the pack size of DESIGN.md section 9). An empty field waits for the
 * submit to say it is required.
 */
export function quantityProblem(value: unknown, product: Product): string | undefined {
  if (value === undefined || String(value).trim() === '') return undefined;
  const quantity = typedQuantity(value);
  if (quantity === undefined) return quantitySchema.safeParse(value).error?.issues[0]?.message;
  const issue = quantityIssue(product, quantity);
  if (issue) return issue.message;
  return quantitySchema.safeParse(value).error?.issues[0]?.message;
}

interface OrderFormProps {
  product: Product;
  customer: Pick<User, 'displayName' | 'email'>;
  /** What phone and address start with (see useOrderDefaults); empty without it. */
  prefill?: OrderDefaults | undefined;
  /**
   * Adds the quantity typed to the order list (the cart feature's useAddToOrderList, given by
   * the page); returns why it could not, or null. Without it the form has no such button.
   */
  addToOrderList?: ((quantity: number) => string | null) | undefined;
  /** The quantity typed on the product page before 'Order Now' (issue 22); the minimum without. */
  quantity?: number | undefined;
  /**
   * A company member's company (ux 2026-11-28 #2): the order is billed to it, and the form shows
   * its invoice details before Order. Absent: a customer in no company.
   */
  company?: CompanyBillingDetails | undefined;
  /**
   * The buyer's company and its payment terms (the page reads them): the form then offers
   * 'Place order on account' beside card (ux 2026-11-28 #14). Absent or null: card only.
   */
  paymentTerms?: { days: number; companyName: string } | null | undefined;
}

/** Order Details: who orders (read-only), where it goes and how many pieces. */
export function OrderForm({
  product,
  customer,
  prefill,
  addToOrderList,
  quantity: startQuantity,
  company,
  paymentTerms,
}: OrderFormProps) {
  const create = useCreateOrder();
  const navigate = useNavigate();
  const [placed, setPlaced] = useState<Order | null>(null);
  // What this tab placed here before (Back from its payment page, ux 2026-11-28 #10).
  const [earlier] = useState(() => lastOrderNow(customer.email, product._id));
  // A member of a company with terms chooses card or on account here too (#14).
  const terms = paymentTerms ?? null;
  const [chosen, setChosen] = useState<PaymentMethod>('card');
  const paymentMethod: PaymentMethod = terms ? chosen : 'card';
  // Why the server refused the order when no field says it (the product is gone, the network).
  const [refusal, setRefusal] = useState<string | null>(null);
  // The shop wants the buyer's email confirmed first: its message, with the mail offered again.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const confirmationMail = useSendConfirmationMail();
  const { pathname } = useLocation();
  // Whether the stock covered the minimum when the page opened: a form being filled stays even
  // if the stock runs out meanwhile, so what was typed is kept and the refusal shown beside it.
  const [orderable] = useState(() => canMeetMinimum(product));
  const defaults: FormInput = {
    phone: prefill?.phone ?? '',
    address: prefill?.address ?? '',
    orderQty: String(startQuantity ?? product.minquantity),
    poNumber: '',
  };
  const {
    register,
    control,
    handleSubmit,
    reset,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(orderFormSchema, {
    mode: 'onSubmit',
    defaultValues: defaults,
    // Defaults that arrive later (the last order's phone and address) fill only the fields the
    // buyer has not touched yet.
    values: defaults,
    resetOptions: { keepDirtyValues: true },
  });
  const typed = useWatch({ control, name: 'orderQty' });
  const quantity = typedQuantity(typed);
  const rangeProblem = quantityProblem(typed, product);
  const watched = useWatch({ control });
  const fingerprint = JSON.stringify({ ...watched, paymentMethod });
  const freshKey = useOrderKey(fingerprint, placed);
  // The same filled form as the order placed here before: its key, so the server answers that
  // order rather than placing a second identical one (#10).
  const orderKey = earlier?.fingerprint === fingerprint && !placed ? earlier.key : freshKey;
  // Why the order list could not take the quantity typed (more than the stock with what is
  // listed already), shown until the quantity changes.
  const [listRefusal, setListRefusal] = useState<{ typed: unknown; message: string } | null>(null);
  const listProblem = listRefusal && listRefusal.typed === typed ? listRefusal.message : undefined;

  const onSubmit = handleSubmit(async (values) => {
    setPlaced(null);
    setRefusal(null);
    setUnconfirmed(null);
    try {
      const { poNumber, ...rest } = values;
      const { order } = await create.mutateAsync({
        orderProduct: product._id,
        ...rest,
        ...(poNumber && { poNumber }),
        // Card is the default: only the other choice is sent.
        ...(paymentMethod === 'on_account' && { paymentMethod }),
        idempotencyKey: orderKey,
      });
      rememberOrderNow(customer.email, product._id, {
        orderId: order._id,
        key: orderKey,
        fingerprint,
      });
      toast.success(messages.orderSuccess, { duration: ORDER_SUCCESS_CLOSE_MS });
      // Every field starts again, typed ones too (resetOptions would keep them), from the form's
      // newest defaults: the last order's details may have arrived while the order was sent
      // (My Order is read again before the mutation resolves), and `defaults` here is the
      // sending render's. Without values, reset takes what `values` last set.
      reset(undefined, { keepDirtyValues: false });
      setPlaced(order);
      // On to paying for it, as the checkout does (#10): the payment page says when it awaits
      // approval, or that it is invoiced when placed on account.
      await navigate(paths.dashboard.payment.to(order._id));
    } catch (error) {
      if (isEmailNotConfirmed(error)) setUnconfirmed(error.message);
      else if (!showFieldErrors(error)) {
        setRefusal(errorMessage(error, cartMessages.placeFailed));
      }
    }
  });

  if (!orderable) return <NotEnoughStock product={product} />;

  return (
    <section aria-labelledby="order-details" className="card bg-base-100 border-base-300 border">
      <form onSubmit={onSubmit} noValidate className="card-body gap-1">
        <h2 id="order-details" className="card-title text-2xl">
          Order Details
        </h2>
        {earlier && !placed && <PlacedHere orderId={earlier.orderId} />}
        <BuyerFields
          customer={customer}
          phone={register('phone')}
          address={register('address')}
          phoneError={errors.phone?.message}
          addressError={errors.address?.message}
        />
        <TextField
          label="Quantity"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          required
          error={rangeProblem ?? listProblem ?? errors.orderQty?.message}
          {...register('orderQty')}
        />
        {!rangeProblem && quantity !== undefined && quantity > 0 && (
          <OrderPrice product={product} quantity={quantity} />
        )}
        {/* As on the checkout: the buyer's purchase-order number, on the order and its invoice. */}
        <TextField
          label={cartMessages.poNumber}
          autoComplete="off"
          error={errors.poNumber?.message}
          {...register('poNumber')}
        />
        {company && <CompanyBilling company={company} />}
        <PaymentMethodChoice terms={terms} value={paymentMethod} onChange={setChosen} />
        <SubmitButton pending={create.isPending} disabled={rangeProblem !== undefined}>
          {paymentMethod === 'on_account' ? paymentChoiceMessages.placeOnAccount : 'Order'}
        </SubmitButton>
        {addToOrderList && (
          <button
            type="button"
            className="btn btn-outline btn-primary mt-2 w-full"
            disabled={rangeProblem !== undefined || quantity === undefined}
            onClick={() => {
              if (quantity === undefined) return;
              const refused = addToOrderList(quantity);
              setListRefusal(refused ? { typed, message: refused } : null);
            }}
          >
            {cartMessages.addToList}
          </button>
        )}
        {refusal && (
          <p role="alert" className="alert alert-error alert-soft mt-4">
            {refusal}
          </p>
        )}
        {unconfirmed && (
          <ConfirmEmailNotice
            message={unconfirmed}
            email={customer.email}
            // The link in the mail brings the buyer back to this page.
            resend={() =>
              confirmationMail.mutateAsync({ email: customer.email, callbackURL: pathname })
            }
          />
        )}
        {placed && (
          <div role="status" className="alert alert-success alert-soft mt-4">
            <p>
              Order of {formatQuantity(placed.orderQty)} pc&apos;s for{' '}
              {formatPrice(placed.orderPrice)} placed.{' '}
              <Link to={paths.dashboard.root.to()} className="link font-semibold">
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

/**
 * The order this tab placed through this page before (#10): pay for it (or see it awaits
 * approval) or view it; nothing once it was cancelled or cannot be read.
 */
function PlacedHere({ orderId }: { orderId: string }) {
  const current = useOrder(orderId).data;
  if (!current || current.paymentStatus === 'cancelled') return null;
  const view = (
    <Link to={paths.dashboard.order.to(current._id)} className="link font-semibold">
      {checkoutHelpMessages.viewIt}
    </Link>
  );
  const payable = current.paymentStatus === 'pending';
  return (
    <div role="status" className="alert alert-info">
      <p>
        {current.orderNumber}:{' '}
        {current.paid
          ? checkoutHelpMessages.placedDone(current.orderPName)
          : checkoutHelpMessages.placedPending(current.orderPName)}{' '}
        {payable && (
          <>
            <Link to={paths.dashboard.payment.to(current._id)} className="link font-semibold">
              {checkoutHelpMessages.payIt}
            </Link>{' '}
            or{' '}
          </>
        )}
        {view}.
      </p>
    </div>
  );
}

/** In place of the form: the stock does not cover the product's minimum order. */
function NotEnoughStock({ product }: { product: Product }) {
  return (
    <section aria-labelledby="order-details" className="card bg-base-100 border-base-300 border">
      <div className="card-body gap-3">
        <h2 id="order-details" className="card-title text-2xl">
          Order Details
        </h2>
        <p role="status" className="alert alert-warning">
          {stockMessages.notEnoughForMinimum(product.minquantity)}
        </p>
        <Link to={paths.products.to()} className="btn btn-outline self-start">
          Browse Our Tools
        </Link>
      </div>
    </section>
  );
}

/** The price the typed quantity earns: the volume break it reaches, as the server prices it. */
function OrderPrice({ product, quantity }: { product: Product; quantity: number }) {
  const { unitPrice, lineTotal } = linePrice(product, quantity);
  return (
    <p className="text-base-content/80 mt-2 text-sm">
      Order price: {formatPrice(lineTotal)} ({formatPrice(unitPrice)} per piece)
    </p>
  );
}
