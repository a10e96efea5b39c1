import type { Page } from '@playwright/test';
import {
  b2bMessages,
  cartMessages,
  formatPrice,
  messages,
  type Order,
  quantityIssue,
} from '@shop/shared';
import { expect, test } from './support/fixtures.js';
import { logInThroughPage, logOut, registerThroughPage } from './support/flows.js';
import { addTestProducts, pressAddToOrderList, productCard } from './support/order-list.js';

/*
 * Issue 13: the order list (cart) and the checkout. Each test adds its own products (tests run
 * in parallel on one database), with a pack size and volume prices.
 */

const TEST_CARD = '4242 4242 4242 4242';

const orderListLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Order list, / });

/** The order list's row of a product. */
const listRow = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Order list' }).getByRole('row').filter({ hasText: name });

test.describe('the order list and the checkout', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a customer gathers two products, checks out once and pays one order', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [cases, psu] = await addTestProducts(
      browser,
      [
        {
          price: 50,
          minquantity: 20,
          increment: 10,
          aqty: 1000,
          priceBreaks: [
            { minQty: 100, price: 45 },
            { minQty: 500, price: 42 },
          ],
        },
        {
          price: 30,
          minquantity: 10,
          increment: 5,
          aqty: 500,
          priceBreaks: [{ minQty: 50, price: 27 }],
        },
      ],
      'order list',
    );
    // The customer has an account but starts signed out: the list does not need one.
    const customer = await registerThroughPage(page, 'orderlist');
    await logOut(page);

    // Both products, found by the words their names share: other tests' products may fill the
    // first page of the catalog.
    await page.goto(`/products?q=${encodeURIComponent('order list')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Tools' })).toBeVisible();
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 0 items');
    const casesCard = productCard(page, cases!.name);
    await expect(casesCard.getByLabel(`Quantity of ${cases!.name}`)).toHaveValue('20');
    await pressAddToOrderList(casesCard, cases!.name);
    await expect(page.getByText(cartMessages.added)).toBeVisible();
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 1 item');

    const psuCard = productCard(page, psu!.name);
    const psuQuantity = psuCard.getByLabel(`Quantity of ${psu!.name}`);
    await psuQuantity.fill('12');
    await expect(psuCard.getByText(quantityIssue(psu!, 12)?.message ?? '')).toBeVisible();
    await expect(psuCard.getByRole('button', { name: /Add to order list/ })).toBeDisabled();
    await psuQuantity.fill('15');
    await pressAddToOrderList(psuCard, psu!.name);
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 2 items');
    await expect(page.getByText(cartMessages.added)).toBeHidden();
    await expectAccessible();
    await psuCard.screenshot({ path: '/tmp/shots/webcart/product-card-1280.png' });

    await orderListLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order list' })).toBeVisible();
    await expect(page).toHaveTitle(/^Order list \|/);
    const casesRow = listRow(page, cases!.name);
    const quantity = casesRow.getByLabel(`Quantity of ${cases!.name}`);
    await expect(quantity).toHaveValue('20');
    await expect(casesRow.getByText('$50 each')).toBeVisible();
    await expect(casesRow.getByText(b2bMessages.nextBreak(100, '$45'))).toBeVisible();
    await expect(listRow(page, psu!.name).getByText('$450', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Order total: \$1,450/)).toBeVisible();
    await expectAccessible();

    // Below the minimum: said at once, tied to the field, and the checkout waits.
    await quantity.fill('10');
    const error = casesRow.getByText(messages.orderMinimum(20));
    await expect(error).toBeVisible();
    await expect(quantity).toHaveAttribute('aria-describedby', (await error.getAttribute('id'))!);
    const blocked = page.getByRole('button', { name: cartMessages.checkout });
    await expect(blocked).toBeDisabled();
    await expect(page.getByText(cartMessages.checkoutBlocked)).toBeVisible();
    await expectAccessible();

    // Fixed to the first volume price.
    await quantity.fill('100');
    await expect(error).toBeHidden();
    await expect(casesRow.getByText('$45 each')).toBeVisible();
    await expect(casesRow.getByText(cartMessages.breakReached(100))).toBeVisible();
    await expect(casesRow.getByText('$4,500', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Order total: \$4,950/)).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/webcart/order-list-1280.png', fullPage: true });

    // Kept across a reload.
    await page.reload();
    await expect(listRow(page, cases!.name).getByLabel(`Quantity of ${cases!.name}`)).toHaveValue(
      '100',
    );
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 2 items');

    // The checkout needs an account: sign in, come back to it, the list still there.
    await page.getByRole('link', { name: cartMessages.checkout }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughPage(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 2 items');
    const lines = page.getByRole('region', { name: cartMessages.linesHeading });
    await expect(lines.getByText(cases!.name)).toBeVisible();
    await expect(lines.getByText('100 × $45 each')).toBeVisible();
    await expect(lines.getByText('15 × $30 each')).toBeVisible();
    await expect(lines.getByText('Order total: $4,950')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(customer.name);
    await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await page.getByLabel('Address', { exact: true }).fill('1 Test Street, Springfield');
    await page.getByLabel(cartMessages.poNumber).fill('PO-E2E-13');
    await expectAccessible();
    await page.screenshot({ path: '/tmp/shots/webcart/checkout-1280.png', fullPage: true });

    await page.getByRole('button', { name: cartMessages.placeOrder }).click();
    await page.waitForURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    const orderId = /payment\/([0-9a-f]{24})$/.exec(page.url())![1]!;
    await expect(page.getByText('Please Pay: $4,950')).toBeVisible();
    // The ordered lines left the list.
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 0 items');

    // One order holding both lines, priced by the server as the list said.
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const response = await page.request.get(`/api/orders/${orderId}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(200);
    const order = (await response.json()) as Order;
    expect(
      order.lines.map(({ productName, quantity, unitPrice, lineTotal }) => ({
        productName,
        quantity,
        unitPrice,
        lineTotal,
      })),
    ).toEqual([
      { productName: cases!.name, quantity: 100, unitPrice: 45, lineTotal: 4500 },
      { productName: psu!.name, quantity: 15, unitPrice: 30, lineTotal: 450 },
    ]);
    expect(order.orderPrice).toBe(4950);
    expect(order.poNumber).toBe('PO-E2E-13');
    await expectAccessible();

    await page.getByLabel('Card number').fill(TEST_CARD);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeFocused();
    await expect(page.getByText(formatPrice(4950), { exact: false }).first()).toBeVisible();
    await expectAccessible();

    // Finding 14: LogOut forgets the list, so the next person at a shared computer never sees it.
    await page.goto(`/products?q=${encodeURIComponent('order list')}`);
    await pressAddToOrderList(productCard(page, cases!.name), cases!.name);
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 1 item');
    await logOut(page);
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 0 items');
    expect(await page.evaluate(() => localStorage.getItem('caseforge.order-list.v1'))).toBeNull();
  });

  test('a product gone from the catalog shows as unavailable until removed', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [kept] = await addTestProducts(
      browser,
      [{ price: 20, minquantity: 5, increment: 5, aqty: 100, priceBreaks: [] }],
      'order list gone',
    );
    await page.goto('/products');
    // A product the catalog no longer has, as another visit may have left it in the list.
    await page.evaluate(
      ([key, id, name]) =>
        localStorage.setItem(
          key!,
          JSON.stringify([
            { productId: id, quantity: 5, name },
            { productId: 'ffffffffffffffffffffffff', quantity: 3, name: 'Retired Tower' },
          ]),
        ),
      ['caseforge.order-list.v1', kept!._id, kept!.name],
    );
    await page.goto('/order-list');
    const gone = listRow(page, 'Retired Tower');
    await expect(gone.getByText(cartMessages.unavailable)).toBeVisible();
    await expect(page.getByRole('button', { name: cartMessages.checkout })).toBeDisabled();
    await expect(page.getByText(cartMessages.checkoutBlockedUnavailable)).toBeVisible();
    await expectAccessible();
    await gone.getByRole('button', { name: 'Remove Retired Tower' }).click();
    await expect(gone).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Order list' })).toBeFocused();
    await expect(page.getByRole('link', { name: cartMessages.checkout })).toBeVisible();

    await listRow(page, kept!.name)
      .getByRole('button', { name: `Remove ${kept!.name}` })
      .click();
    await expect(page.getByText(cartMessages.empty)).toBeVisible();
    await expect(page.getByRole('link', { name: cartMessages.browse })).toHaveAttribute(
      'href',
      '/products',
    );
    await expectAccessible();
  });

  test('the order list and the checkout on a phone @phone', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [item] = await addTestProducts(
      browser,
      [
        {
          price: 64,
          minquantity: 10,
          increment: 5,
          aqty: 300,
          priceBreaks: [{ minQty: 25, price: 60 }],
        },
      ],
      'order list phone',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await registerThroughPage(page, 'orderlistphone');
    await page.goto(`/products?q=${encodeURIComponent(item!.name)}`);
    const card = productCard(page, item!.name);
    await card.screenshot({ path: '/tmp/shots/webcart/product-card-390.png' });
    await pressAddToOrderList(card, item!.name);
    // On a phone the link stays beside the menu button, not inside the closed menu.
    await expect(orderListLink(page)).toHaveAccessibleName('Order list, 1 item');
    await orderListLink(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order list' })).toBeVisible();
    await expect(
      listRow(page, item!.name).getByText(b2bMessages.nextBreak(25, '$60')),
    ).toBeVisible();
    await expectAccessible();
    await page.screenshot({ path: '/tmp/shots/webcart/order-list-390.png', fullPage: true });
    await page.getByRole('link', { name: cartMessages.checkout }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await page.getByLabel('Address', { exact: true }).fill('1 Test Street, Springfield');
    await expectAccessible();
    await page.screenshot({ path: '/tmp/shots/webcart/checkout-390.png', fullPage: true });
  });
});
