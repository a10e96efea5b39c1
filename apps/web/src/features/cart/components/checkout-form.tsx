import {
  formatQuantity,
  cartMessages,
  checkoutHelpMessages,
  formatPrice,
  ordersCreateSchema,
  paymentChoiceMessages,
  type OrderListLine,
  type PaymentMethod,
  type Product,
  type User,
} from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useZodForm } from '../../../components/ui/form/use-zod-form';
import { QueryState } from '../../../components/ui/query-state';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { ApiRequestError } from '../../../lib/api-client';
import { errorMessage, isEmailNotConfirmed } from '../../../lib/error-message';
import { ConfirmEmailNotice } from '../../../components/ui/confirm-email-notice';
import { useSendConfirmationMail } from '../../account/api/send-confirmation-mail';
import { productsQuery } from '../../catalog/api/get-products';
import { useOrderKey } from '../../orders/api/create-order';
import { PaymentMethodChoice } from '../../../components/ui/payment-method-choice';
import { usePlaceOrder } from '../api/place-order';
import { removeFromOrderList, useOrderList } from '../order-list-store';
import { priceOrderList, type PricedOrderList } from '../priced-lines';
import { BuyerFields, type OrderDefaults } from '../../../components/ui/buyer-fields';
import { paths } from '../../../config/paths';
import {
  BillingDetailsFields,
  billingDefaults,
  billingFormSchema,
  billingOf,
  requireBillingAddress,
} from './billing-details-fields';
import { clearFormDraft, useFormDraft } from '../../../lib/use-form-draft';
import { CompanyBilling } from '../../../components/ui/company-billing';
import { useMyCompany } from '../../companies/api/get-my-company';
import { lastPlacedOrder, rememberPlacedOrder } from '../last-placed-order';
import { PlacedOrderNotice } from './placed-order-notice';

const checkoutSchema = ordersCreateSchema
  .pick({ phone: true, address: true, poNumber: true })
  .extend(billingFormSchema.shape)
  .superRefine(requireBillingAddress);
type FormInput = z.input<typeof checkoutSchema>;

/**
 * The checkout's fields kept in the tab's draft (defect 19: a sign-in in the middle keeps what
 * was typed). Fields added to the checkout form join by being listed here.
 */
const DRAFT_FIELDS = [
  'phone',
  'address',
  'poNumber',
  'billingCompany',
  'billingVatNumber',
  'billingAddress',
] as const;

/** The draft key of a user's checkout. */
export const checkoutDraftKey = (email: string) => `checkout:${email}`;

/** The refusals of the unpaid-order limits: shown with the way to those orders (defect 12). */
const UNPAID_LIMIT_CODES = new Set(['too_many_unpaid_orders', 'unpaid_value_exceeded']);

/** `lines.2.quantity` or `lines.2.productId`: the index of the line the server refused. */
const LINE_FIELD = /^lines\.(\d+)\.(?:quantity|productId)$/;

/**
 * The server's refusals of single lines, by product id (the index is the line's place in what
 * was sent), and the alert that names them.
 */
export function lineRefusals(
  error: unknown,
  sent: readonly OrderListLine[],
  names: ReadonlyMap<string, string>,
): { byProduct: Record<string, string>; summary: string[] } {
  const byProduct: Record<string, string> = {};
  const summary: string[] = [];
  if (!(error instanceof ApiRequestError)) return { byProduct, summary };
  for (const [field, message] of Object.entries(error.fields)) {
    const index = LINE_FIELD.exec(field)?.[1];
    const line = index === undefined ? undefined : sent[Number(index)];
    if (!line) continue;
    byProduct[line.productId] = message;
    summary.push(cartMessages.lineRefused(names.get(line.productId) ?? line.name, message));
  }
  return { byProduct, summary };
}

interface CheckoutFormProps {
  /** The buyer; My Profile's company and VAT number start the billing fields. */
  customer: Pick<User, 'displayName' | 'email'> & Partial<Pick<User, 'company' | 'vatNumber'>>;
  /** What phone and address start with (see useOrderDefaults). */
  prefill: OrderDefaults;
  /**
   * The buyer's company and its payment terms (the page reads them): the checkout then offers
   * 'Place order on account' beside card (ux 2026-11-28 #14). Absent or null: card only.
   */
  paymentTerms?: { days: number; companyName: string } | null | undefined;
}

/**
 * The checkout: the order list's lines as they will be ordered, where they go, an optional PO
 * number, and 'Place order', which places them as one order and goes on to pay for it.
 */
export function CheckoutForm({ customer, prefill, paymentTerms }: CheckoutFormProps) {
  const lines = useOrderList();
  // The prices and stock the order will be placed at: read again, not taken from the list page.
  const products = useQuery({ ...productsQuery(), refetchOnMount: 'always' });
  // The order placed last in this tab (Back from its payment page comes here): pointed to, so
  // that it is paid or looked at rather than placed again.
  const [placedId] = useState(() => lastPlacedOrder(customer.email));
  const placed = placedId && <PlacedOrderNotice orderId={placedId} />;

  if (lines.length === 0) {
    return (
      <div className="space-y-4">
        {placed}
        <div className="bg-base-100 border-base-300 rounded-box space-y-3 border p-8 text-center">
          <p>{cartMessages.checkoutEmpty}</p>
          <Link to={paths.products.to()} className="btn btn-primary">
            {cartMessages.browse}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {placed}
      <QueryState query={products} what="the products">
        {(catalog) => (
          <CheckoutDetails
            lines={lines}
            priced={priceOrderList(lines, catalog)}
            catalog={catalog}
            customer={customer}
            prefill={prefill}
            paymentTerms={paymentTerms}
          />
        )}
      </QueryState>
    </div>
  );
}

interface CheckoutDetailsProps extends CheckoutFormProps {
  lines: readonly OrderListLine[];
  priced: PricedOrderList;
  catalog: readonly Product[];
}

function CheckoutDetails({
  lines,
  priced,
  catalog,
  customer,
  prefill,
  paymentTerms,
}: CheckoutDetailsProps) {
  const navigate = useNavigate();
  const place = usePlaceOrder();
  const [refusal, setRefusal] = useState<string[]>([]);
  // The refusal was one of the unpaid-order limits: the alert offers the way to those orders.
  const [unpaidLimit, setUnpaidLimit] = useState(false);
  const refusalAlert = useRef<HTMLDivElement>(null);
  const [refusedLines, setRefusedLines] = useState<Record<string, string>>({});
  // The shop wants the buyer's email confirmed first: its message, with the mail offered again.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const confirmationMail = useSendConfirmationMail();
  const { pathname } = useLocation();
  const defaults: FormInput = {
    phone: prefill.phone,
    address: prefill.address,
    poNumber: '',
    ...billingDefaults(customer),
  };
  const {
    register,
    control,
    setValue,
    handleSubmit,
    showFieldErrors,
    formState: { errors },
  } = useZodForm(checkoutSchema, {
    mode: 'onSubmit',
    defaultValues: defaults,
    // The last order's phone and address may arrive later: they fill untouched fields only.
    values: defaults,
    resetOptions: { keepDirtyValues: true },
  });
  const draftKey = checkoutDraftKey(customer.email);
  useFormDraft(draftKey, { control, setValue }, DRAFT_FIELDS);
  // A refusal is shown where the buyer looks: scrolled into view and focused, so it is read out.
  useEffect(() => {
    const alert = refusalAlert.current;
    if (refusal.length === 0 || !alert) return;
    alert.focus({ preventScroll: true });
    // jsdom has no scrollIntoView.
    if (typeof alert.scrollIntoView === 'function') {
      alert.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }, [refusal]);
  // A member of a company with terms chooses card or on account here (ux 2026-11-28 #14).
  const terms = paymentTerms ?? null;
  const [chosen, setChosen] = useState<PaymentMethod>('card');
  const paymentMethod: PaymentMethod = terms ? chosen : 'card';
  const sent = lines.map(({ productId, quantity }) => ({ productId, quantity }));
  // One key per filled checkout: the same lines and details sent again are the same order.
  const orderKey = useOrderKey({ lines: sent, paymentMethod, ...useWatch({ control }) }, null);
  const sameAsShipping = useWatch({ control, name: 'billingSameAsShipping' });
  // A company member's order is billed to the company (ux 2026-11-28 #2): My Company's details
  // are shown in place of the billing fields, and none are sent (the server takes them).
  const myCompany = useMyCompany();
  const company = myCompany.data;

  const onSubmit = handleSubmit(async (values) => {
    setRefusal([]);
    setUnpaidLimit(false);
    setRefusedLines({});
    setUnconfirmed(null);
    try {
      const { insertedId } = await place.mutateAsync({
        lines: sent,
        phone: values.phone,
        address: values.address,
        ...(values.poNumber && { poNumber: values.poNumber }),
        ...(!company && billingOf(values)),
        // Card is the default: only the other choice is sent.
        ...(paymentMethod === 'on_account' && { paymentMethod }),
        idempotencyKey: orderKey,
      });
      // Straight on to paying for it (on account: its invoiced or awaiting state there); only
      // what was ordered leaves the list, and what was typed is done with. Back from the
      // payment page finds the order pointed to.
      rememberPlacedOrder(customer.email, insertedId);
      await navigate(paths.dashboard.payment.to(insertedId));
      removeFromOrderList(sent.map((line) => line.productId));
      clearFormDraft(draftKey);
    } catch (error) {
      if (isEmailNotConfirmed(error)) {
        setUnconfirmed(error.message);
        return;
      }
      const names = new Map(catalog.map((product) => [product._id, product.name]));
      const { byProduct, summary } = lineRefusals(error, lines, names);
      setRefusedLines(byProduct);
      const onFields = showFieldErrors(error);
      if (summary.length > 0) setRefusal(summary);
      else if (!onFields) {
        const message = errorMessage(error, cartMessages.placeFailed);
        setRefusal([message]);
        if (error instanceof ApiRequestError && UNPAID_LIMIT_CODES.has(error.code)) {
          setUnpaidLimit(true);
          toast.error(message, { id: 'unpaid-limit' });
        }
      }
    }
  });

  return (
    <div className="grid items-start gap-6 lg:grid-cols-2">
      <section aria-labelledby="checkout-lines" className="card bg-base-100 border-base-300 border">
        <div className="card-body gap-3">
          <h2 id="checkout-lines" className="card-title text-2xl">
            {cartMessages.linesHeading}
          </h2>
          <ul className="divide-base-300 divide-y">
            {priced.lines.map(({ line, product, price, problem }) => {
              const lineError = refusedLines[line.productId];
              return (
                <li key={line.productId} className="py-2">
                  <div className="flex flex-wrap justify-between gap-x-4">
                    <span className="font-medium">{product?.name ?? line.name}</span>
                    <span className="font-semibold">
                      {price ? formatPrice(price.lineTotal) : cartMessages.unavailable}
                    </span>
                  </div>
                  {price && (
                    <p className="text-base-content/80 text-sm">
                      {formatQuantity(line.quantity)} ×{' '}
                      {cartMessages.unitPrice(formatPrice(price.unitPrice))}
                    </p>
                  )}
                  {(lineError ?? problem) && (
                    <p className="text-error text-sm">{lineError ?? problem}</p>
                  )}
                </li>
              );
            })}
          </ul>
          <p className="text-xl font-bold">
            {cartMessages.total}: {formatPrice(priced.totalCents / 100)}
          </p>
          {priced.blocked && (
            <p role="alert" className="alert alert-warning">
              {priced.blocked === 'unavailable'
                ? checkoutHelpMessages.checkoutUnavailable
                : cartMessages.checkoutFix}
            </p>
          )}
          <Link to={paths.orderList.to()} className="link inline-block self-start py-0.5">
            {cartMessages.backToList}
          </Link>
        </div>
      </section>
      <section
        aria-labelledby="checkout-details"
        className="card bg-base-100 border-base-300 border"
      >
        <form onSubmit={onSubmit} noValidate className="card-body gap-1">
          <h2 id="checkout-details" className="card-title text-2xl">
            Order Details
          </h2>
          <BuyerFields
            customer={customer}
            phone={register('phone')}
            address={register('address')}
            phoneError={errors.phone?.message}
            addressError={errors.address?.message}
          />
          <TextField
            label={cartMessages.poNumber}
            autoComplete="off"
            error={errors.poNumber?.message}
            {...register('poNumber')}
          />
          {company === null || myCompany.isError ? (
            <BillingDetailsFields
              register={register}
              errors={errors}
              sameAsShipping={sameAsShipping}
              fromProfile={Boolean(customer.company ?? customer.vatNumber)}
            />
          ) : (
            <CompanyBilling company={company} />
          )}
          {/* Above Place order, where the buyer looks (a refusal below it was cut off at the
              bottom of the window). */}
          {refusal.length > 0 && (
            <div
              ref={refusalAlert}
              role="alert"
              tabIndex={-1}
              className="alert alert-error alert-soft mt-2"
            >
              <div className="space-y-2">
                <ul>
                  {refusal.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
                {unpaidLimit && (
                  <Link to={paths.dashboard.root.to()} className="link inline-block font-semibold">
                    {checkoutHelpMessages.seeUnpaidOrders}
                  </Link>
                )}
              </div>
            </div>
          )}
          <PaymentMethodChoice terms={terms} value={paymentMethod} onChange={setChosen} />
          <SubmitButton pending={place.isPending} disabled={priced.blocked !== null}>
            {paymentMethod === 'on_account'
              ? paymentChoiceMessages.placeOnAccount
              : cartMessages.placeOrder}
          </SubmitButton>
          {unconfirmed && (
            <ConfirmEmailNotice
              message={unconfirmed}
              email={customer.email}
              // The link in the mail brings the buyer back to the checkout, the list intact.
              resend={() =>
                confirmationMail.mutateAsync({ email: customer.email, callbackURL: pathname })
              }
            />
          )}
        </form>
      </section>
    </div>
  );
}
