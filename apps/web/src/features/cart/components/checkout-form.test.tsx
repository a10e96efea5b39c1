import {
  paymentChoiceMessages,
  b2bMessages,
  billingLabels,
  billingMessages,
  cartMessages,
  checkoutHelpMessages,
  orderHoldMessages,
  IDEMPOTENCY_KEY_HEADER,
  ORDER_LIST_STORAGE_KEY,
  orderLimitMessages,
  type OrderListLine,
} from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, makeOrder, makeProduct, stubApi } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { getOrderList } from '../order-list-store';
import { CheckoutForm } from './checkout-form';

const cases = makeProduct({
  _id: 'p1',
  name: 'ForgeLine M3 ATX Mid-Tower Case',
  price: 48,
  minquantity: 50,
  increment: 10,
  aqty: 1200,
  priceBreaks: [{ minQty: 100, price: 45 }],
});
const psu = makeProduct({
  _id: 'p2',
  name: 'PowerCore 550W',
  price: 39,
  minquantity: 20,
  aqty: 300,
});
const customer = { displayName: 'Ada Customer', email: 'ada@example.com' };
const prefill = { phone: '+1 555 0100', address: '1 Main Street' };

const listed: OrderListLine[] = [
  { productId: 'p1', quantity: 100, name: cases.name },
  { productId: 'p2', quantity: 20, name: psu.name },
];

function renderCheckout(
  withPrefill = prefill,
  buyer: Parameters<typeof CheckoutForm>[0]['customer'] = customer,
) {
  return renderWithProviders(
    <Routes>
      <Route path="/checkout" element={<CheckoutForm customer={buyer} prefill={withPrefill} />} />
      <Route path="/dashboard/payment/:id" element={<h1>Payment page</h1>} />
    </Routes>,
    { route: '/checkout' },
  );
}

type Call = [string, RequestInit];
const posted = (fetch: ReturnType<typeof stubApi>) =>
  (fetch.mock.calls as unknown as Call[]).filter(([, init]) => init?.method === 'POST');

beforeEach(() => {
  // The checkout keeps a draft and the last order placed in session storage: each test starts clean.
  sessionStorage.clear();
  localStorage.clear();
  localStorage.setItem(ORDER_LIST_STORAGE_KEY, JSON.stringify(listed));
});
afterEach(() => vi.unstubAllGlobals());

describe('CheckoutForm', () => {
  it('says there is nothing to check out when the list is empty', () => {
    localStorage.clear();
    stubApi({});
    renderCheckout();
    expect(screen.getByText(cartMessages.checkoutEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: cartMessages.browse })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('places every line as one order with a PO number, then goes to its payment page', async () => {
    const fetch = stubApi({
      'GET /api/products': () => json([cases, psu]),
      'POST /api/orders': () => json({ insertedId: 'order-1', order: makeOrder() }, 201),
    });
    renderCheckout();
    const lines = await screen.findByRole('region', { name: cartMessages.linesHeading });
    expect(within(lines).getByText(cases.name)).toBeInTheDocument();
    expect(within(lines).getByText('100 × $45 each')).toBeInTheDocument();
    expect(within(lines).getByText('$4,500')).toBeInTheDocument();
    expect(within(lines).getByText('$780')).toBeInTheDocument();
    expect(within(lines).getByText('Order total: $5,280')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveValue(prefill.phone);
    expect(screen.getByLabelText('Address')).toHaveValue(prefill.address);

    await userEvent.type(screen.getByLabelText(cartMessages.poNumber), 'PO-2026-17');
    await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));

    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    const [call] = posted(fetch);
    expect(call?.[0]).toBe('/api/orders');
    expect(JSON.parse(String(call?.[1].body))).toEqual({
      lines: [
        { productId: 'p1', quantity: 100 },
        { productId: 'p2', quantity: 20 },
      ],
      phone: prefill.phone,
      address: prefill.address,
      poNumber: 'PO-2026-17',
    });
    const headers = call?.[1].headers as Record<string, string>;
    expect(headers[IDEMPOTENCY_KEY_HEADER]).toMatch(/^[\da-f-]{32,36}$/);
    expect(getOrderList()).toEqual([]);
  });

  it('ux 2026-11-28 #2: a company member sees the order billed to the company, and sends no billing fields', async () => {
    const company = {
      _id: 'c1',
      name: 'Acme Systems GmbH',
      vatId: 'DE123456789',
      billingAddress: 'Acme Systems GmbH\nAccounts Payable\n70565 Stuttgart',
      terms: null,
      onHold: false,
      balance: 0,
      availableCredit: 0,
      createdAt: '2026-11-01T10:00:00.000Z',
      members: [
        {
          userId: 'u1',
          name: 'Ada Customer',
          email: customer.email,
          role: 'buyer',
          orderLimit: null,
        },
      ],
    };
    const fetch = stubApi({
      'GET /api/products': () => json([cases, psu]),
      'GET /api/companies/mine': () => json(company),
      'POST /api/orders': () => json({ insertedId: 'order-1', order: makeOrder() }, 201),
    });
    renderCheckout(prefill, { ...customer, company: 'Old Profile Co', vatNumber: 'FR12345678901' });
    const billed = await screen.findByRole('region', { name: billingLabels.companyHeading });
    expect(await within(billed).findByText('Acme Systems GmbH')).toBeInTheDocument();
    expect(within(billed).getByText('DE123456789')).toBeInTheDocument();
    expect(within(billed).getByText(/Accounts Payable/)).toBeInTheDocument();
    // No field to type another company in.
    expect(screen.queryByLabelText(billingLabels.company)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(billingLabels.vatNumber)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    const [call] = posted(fetch);
    const body = JSON.parse(String(call?.[1].body)) as Record<string, unknown>;
    expect(body).not.toHaveProperty('billingCompany');
    expect(body).not.toHaveProperty('billingVatNumber');
    expect(body).not.toHaveProperty('billingAddress');
  });

  it('ux 2026-11-28 #14: a member of a company with terms may place the order on account', async () => {
    const fetch = stubApi({
      'GET /api/products': () => json([cases, psu]),
      'POST /api/orders': () => json({ insertedId: 'order-1', order: makeOrder() }, 201),
    });
    renderWithProviders(
      <Routes>
        <Route
          path="/checkout"
          element={
            <CheckoutForm
              customer={customer}
              prefill={prefill}
              paymentTerms={{ days: 30, companyName: 'Acme Systems GmbH' }}
            />
          }
        />
        <Route path="/dashboard/payment/:id" element={<h1>Payment page</h1>} />
      </Routes>,
      { route: '/checkout' },
    );
    const onAccount = await screen.findByRole('radio', {
      name: paymentChoiceMessages.onAccount(30),
    });
    // Card stays the default; the choice is beside it.
    expect(screen.getByRole('radio', { name: paymentChoiceMessages.card })).toBeChecked();
    await userEvent.click(onAccount);
    await userEvent.click(
      screen.getByRole('button', { name: paymentChoiceMessages.placeOnAccount }),
    );
    await screen.findByRole('heading', { name: 'Payment page' });
    const [call] = posted(fetch);
    expect(JSON.parse(String(call?.[1].body))).toMatchObject({ paymentMethod: 'on_account' });
  });

  it('offers no payment choice outside a company with terms', async () => {
    stubApi({ 'GET /api/products': () => json([cases, psu]) });
    renderCheckout();
    await screen.findByRole('button', { name: cartMessages.placeOrder });
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('leaves products added meanwhile in the list; only the ordered lines go', async () => {
    stubApi({
      'GET /api/products': () => json([cases, psu]),
      'POST /api/orders': () => {
        // Another tab adds a product while the order is being placed.
        localStorage.setItem(
          ORDER_LIST_STORAGE_KEY,
          JSON.stringify([...listed, { productId: 'p3', quantity: 5, name: 'Late' }]),
        );
        return json({ insertedId: 'order-1', order: makeOrder() }, 201);
      },
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: cartMessages.placeOrder }));
    await screen.findByRole('heading', { name: 'Payment page' });
    expect(getOrderList()).toEqual([{ productId: 'p3', quantity: 5, name: 'Late' }]);
  });

  it('asks for phone and address before sending and sends no empty PO number', async () => {
    const fetch = stubApi({
      'GET /api/products': () => json([cases, psu]),
      'POST /api/orders': () => json({ insertedId: 'order-1', order: makeOrder() }, 201),
    });
    renderCheckout({ phone: '', address: '' });
    await userEvent.click(await screen.findByRole('button', { name: cartMessages.placeOrder }));
    expect(await screen.findByText('Phone is required')).toBeInTheDocument();
    expect(screen.getByText('Address is required')).toBeInTheDocument();
    expect(posted(fetch)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Phone'), '+1 555 0199');
    await userEvent.type(screen.getByLabelText('Address'), '2 Side Street');
    await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));
    await screen.findByRole('heading', { name: 'Payment page' });
    expect(JSON.parse(String(posted(fetch)[0]?.[1].body))).not.toHaveProperty('poNumber');
  });

  it('finding 4: refuses a PO number of more than one line with its message', async () => {
    const fetch = stubApi({ 'GET /api/products': () => json([cases, psu]) });
    renderCheckout();
    const place = await screen.findByRole('button', { name: cartMessages.placeOrder });
    await userEvent.type(screen.getByLabelText(cartMessages.poNumber), '+SUM(1,2)\u2028x');
    await userEvent.click(place);
    expect(await screen.findByText(b2bMessages.poNumberOneLine)).toBeInTheDocument();
    expect(posted(fetch)).toHaveLength(0);
  });

  it('shows a refused line on that line, names it in an alert and reads the stock again', async () => {
    let productReads = 0;
    stubApi({
      'GET /api/products': () => {
        productReads += 1;
        return json([cases, productReads > 1 ? { ...psu, aqty: 10 } : psu]);
      },
      'POST /api/orders': () =>
        json(
          {
            error: {
              code: 'out_of_stock',
              message: 'Please order maximum 10',
              fields: { 'lines.1.quantity': 'Please order maximum 10' },
            },
          },
          409,
        ),
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: cartMessages.placeOrder }));
    const refusal = cartMessages.lineRefused(psu.name, 'Please order maximum 10');
    expect((await screen.findByText(refusal)).closest('[role="alert"]')).not.toBeNull();
    // The stock read again shows the line must change: the checkout says so too.
    expect(await screen.findByText(cartMessages.checkoutFix)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: cartMessages.placeOrder })).toBeDisabled();
    const psuLine = screen.getByText(psu.name).closest('li');
    expect(psuLine).not.toBeNull();
    expect(within(psuLine as HTMLElement).getByText('Please order maximum 10')).toBeInTheDocument();
    expect(productReads).toBeGreaterThan(1);
    // Nothing was ordered: the list is as it was.
    expect(getOrderList()).toEqual(listed);
    expect(screen.queryByRole('heading', { name: 'Payment page' })).not.toBeInTheDocument();
  });

  it('names the line whose product cools down after an expired order, and until when', async () => {
    const until = '2026-11-26T16:05:00.000Z';
    stubApi({
      'GET /api/products': () => json([cases, psu]),
      'POST /api/orders': () =>
        json(
          {
            error: {
              code: 'hold_cooldown',
              message: orderLimitMessages.holdCooldown(cases.name, until),
              fields: { 'lines.0.productId': orderLimitMessages.holdCooldownLine(until) },
            },
          },
          409,
        ),
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: cartMessages.placeOrder }));
    const line = orderLimitMessages.holdCooldownLine(until);
    const refusal = cartMessages.lineRefused(cases.name, line);
    expect((await screen.findByText(refusal)).closest('[role="alert"]')).not.toBeNull();
    const casesLine = screen.getByText(cases.name).closest('li') as HTMLElement;
    expect(within(casesLine).getByText(line)).toBeInTheDocument();
    expect(getOrderList()).toEqual(listed);
  });

  it('says the unpaid value limit, and offers the confirmation mail when the email is unconfirmed', async () => {
    let answer = apiError(
      409,
      'unpaid_value_exceeded',
      orderLimitMessages.unpaidValueExceeded(25_000),
    );
    const fetch = stubApi({
      'GET /api/products': () => json([cases, psu]),
      'POST /api/orders': () => answer,
      'POST /api/auth/send-verification-email': () => json({ status: true }),
    });
    renderCheckout();
    const place = await screen.findByRole('button', { name: cartMessages.placeOrder });
    await userEvent.click(place);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      orderLimitMessages.unpaidValueExceeded(25_000),
    );

    answer = apiError(403, 'email_not_confirmed', orderLimitMessages.emailNotConfirmed);
    await userEvent.click(place);
    const notice = await screen.findByRole('alert');
    await waitFor(() => expect(notice).toHaveTextContent(orderLimitMessages.emailNotConfirmed));
    await userEvent.click(
      within(notice).getByRole('button', { name: orderLimitMessages.resendConfirmation }),
    );
    expect(
      await screen.findByText(orderLimitMessages.confirmationSent(customer.email)),
    ).toBeInTheDocument();
    const sent = posted(fetch).find(([url]) => url.endsWith('/send-verification-email'));
    expect(JSON.parse(String(sent?.[1].body))).toEqual({
      email: customer.email,
      callbackURL: '/checkout',
    });
    expect(getOrderList()).toEqual(listed);
  });

  it("shows the server's field errors under the fields", async () => {
    stubApi({
      'GET /api/products': () => json([cases, psu]),
      'POST /api/orders': () =>
        json(
          {
            error: {
              code: 'validation_failed',
              message: 'Invalid input',
              fields: { poNumber: 'PO number must be at most 50 characters' },
            },
          },
          400,
        ),
    });
    renderCheckout();
    await userEvent.click(await screen.findByRole('button', { name: cartMessages.placeOrder }));
    expect(await screen.findByText('PO number must be at most 50 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(cartMessages.poNumber)).toHaveAttribute('aria-invalid', 'true');
  });

  it('will not place an order while a line breaks its product’s rules', async () => {
    localStorage.setItem(
      ORDER_LIST_STORAGE_KEY,
      JSON.stringify([{ productId: 'p1', quantity: 40, name: cases.name }]),
    );
    stubApi({ 'GET /api/products': () => json([cases, psu]) });
    renderCheckout();
    expect(await screen.findByText(cartMessages.checkoutFix)).toBeInTheDocument();
    expect(screen.getByText('Please order minimum 50')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: cartMessages.placeOrder })).toBeDisabled();
    expect(screen.getByRole('link', { name: cartMessages.backToList })).toHaveAttribute(
      'href',
      '/order-list',
    );
  });

  describe('billing details (issue 22, defect 2)', () => {
    const dana = {
      displayName: 'Dana Keller',
      email: 'dana@nordic-systems.test',
      company: 'Nordic Systems GmbH',
      vatNumber: 'DE123456789',
    };

    it('starts with My Profile’s company and VAT number and sends them, billing as shipping', async () => {
      const fetch = stubApi({
        'GET /api/products': () => json([cases, psu]),
        'POST /api/orders': () => json({ insertedId: 'order-1', order: makeOrder() }, 201),
      });
      renderCheckout(prefill, dana);
      expect(await screen.findByLabelText(billingLabels.company)).toHaveValue(dana.company);
      expect(screen.getByLabelText(billingLabels.vatNumber)).toHaveValue(dana.vatNumber);
      expect(screen.getByLabelText(billingLabels.sameAsShipping)).toBeChecked();
      expect(screen.queryByLabelText(billingLabels.address)).not.toBeInTheDocument();
      expect(screen.getByText(billingLabels.fromProfile)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));
      await screen.findByRole('heading', { name: 'Payment page' });
      const body = JSON.parse(String(posted(fetch)[0]?.[1].body)) as Record<string, unknown>;
      expect(body).toMatchObject({
        billingCompany: dana.company,
        billingVatNumber: dana.vatNumber,
      });
      expect(body).not.toHaveProperty('billingAddress');
    });

    it('takes a billing address of its own, and asks for it when "same" is unticked', async () => {
      const fetch = stubApi({
        'GET /api/products': () => json([cases, psu]),
        'POST /api/orders': () => json({ insertedId: 'order-1', order: makeOrder() }, 201),
      });
      renderCheckout(prefill, dana);
      await userEvent.click(await screen.findByLabelText(billingLabels.sameAsShipping));
      await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));
      expect(await screen.findByText(billingMessages.addressRequired)).toBeInTheDocument();
      expect(posted(fetch)).toHaveLength(0);
      await userEvent.type(
        screen.getByLabelText(billingLabels.address),
        'Postfach 1122{enter}Hamburg',
      );
      await userEvent.clear(screen.getByLabelText(billingLabels.company));
      await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));
      await screen.findByRole('heading', { name: 'Payment page' });
      const body = JSON.parse(String(posted(fetch)[0]?.[1].body)) as Record<string, unknown>;
      expect(body).toMatchObject({
        billingVatNumber: dana.vatNumber,
        billingAddress: 'Postfach 1122\nHamburg',
      });
      expect(body).not.toHaveProperty('billingCompany');
    });

    it('says what is wrong with a VAT number before sending', async () => {
      const fetch = stubApi({ 'GET /api/products': () => json([cases, psu]) });
      renderCheckout(prefill, { ...dana, vatNumber: null });
      await userEvent.type(await screen.findByLabelText(billingLabels.vatNumber), '123456789');
      await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));
      expect(await screen.findByText(billingMessages.vatNumberInvalid)).toBeInTheDocument();
      expect(posted(fetch)).toHaveLength(0);
    });
  });

  describe('issue 22', () => {
    it('says archived products are no longer sold, not that quantities need fixing', async () => {
      stubApi({ 'GET /api/products': () => json([cases]) });
      renderCheckout();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        checkoutHelpMessages.checkoutUnavailable,
      );
      expect(screen.queryByText(cartMessages.checkoutFix)).toBeNull();
    });

    it('points to the order just placed when Back returns to an emptied checkout', async () => {
      const order = makeOrder({ _id: 'o-22', orderPName: 'ForgeLine M3 + 1 more' });
      stubApi({
        'GET /api/products': () => json([cases, psu]),
        'POST /api/orders': () => json({ insertedId: 'o-22', order }, 201),
        'GET /api/orders/o-22': () => json(order),
      });
      const { unmount } = renderCheckout();
      await userEvent.click(await screen.findByRole('button', { name: cartMessages.placeOrder }));
      expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
      unmount();

      renderCheckout();
      const notice = await screen.findByText(
        checkoutHelpMessages.placedPending('ForgeLine M3 + 1 more'),
        { exact: false },
      );
      const box = notice.closest('[role="status"]') as HTMLElement;
      expect(within(box).getByRole('link', { name: checkoutHelpMessages.payIt })).toHaveAttribute(
        'href',
        '/dashboard/payment/o-22',
      );
      expect(within(box).getByRole('link', { name: checkoutHelpMessages.viewIt })).toHaveAttribute(
        'href',
        '/dashboard/orders/o-22',
      );
      expect(screen.getByText(cartMessages.checkoutEmpty)).toBeInTheDocument();
    });

    it('shows the unpaid-order limit above Place order, focused, with the way to those orders', async () => {
      stubApi({
        'GET /api/products': () => json([cases, psu]),
        'POST /api/orders': () =>
          apiError(409, 'too_many_unpaid_orders', orderHoldMessages.tooManyUnpaidOrders(5)),
      });
      renderCheckout();
      const place = await screen.findByRole('button', { name: cartMessages.placeOrder });
      await userEvent.click(place);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(orderHoldMessages.tooManyUnpaidOrders(5));
      await waitFor(() => expect(alert).toHaveFocus());
      expect(
        within(alert).getByRole('link', { name: checkoutHelpMessages.seeUnpaidOrders }),
      ).toHaveAttribute('href', '/dashboard');
      // Before the button in the page's order, where the buyer looks.
      expect(alert.compareDocumentPosition(place) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });

    it('keeps what was typed across a remount (a sign-in in between), and forgets it once placed', async () => {
      const order = makeOrder({ _id: 'o-23' });
      stubApi({
        'GET /api/products': () => json([cases, psu]),
        'POST /api/orders': () => json({ insertedId: 'o-23', order }, 201),
        'GET /api/orders/o-23': () => json(order),
      });
      const first = renderCheckout();
      const po = await screen.findByLabelText(cartMessages.poNumber);
      await userEvent.type(po, 'PO-4711');
      const address = screen.getByLabelText('Address');
      await userEvent.clear(address);
      await userEvent.type(address, 'Nordic Systems GmbH{Enter}Hafenstrasse 12');
      first.unmount();

      renderCheckout();
      expect(await screen.findByLabelText(cartMessages.poNumber)).toHaveValue('PO-4711');
      expect(screen.getByLabelText('Address')).toHaveValue('Nordic Systems GmbH\nHafenstrasse 12');
      await userEvent.click(screen.getByRole('button', { name: cartMessages.placeOrder }));
      expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
      expect(sessionStorage.getItem(`form-draft:checkout:${customer.email}`)).toBeNull();
    });

    it("never gives one user's draft to another", async () => {
      sessionStorage.setItem(
        'form-draft:checkout:someone@example.com',
        JSON.stringify({ poNumber: 'THEIRS' }),
      );
      stubApi({ 'GET /api/products': () => json([cases, psu]) });
      renderCheckout();
      expect(await screen.findByLabelText(cartMessages.poNumber)).toHaveValue('');
    });
  });
});
