import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  b2bMessages,
  carrierMessages,
  confirmMessages,
  formatPrice,
  messages,
  orderPageMessages as text,
  type Order,
} from '@shop/shared';
import { demoProducts, type DemoProduct } from '../apps/server/src/db/seed/demo-data.js';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, expectToastShown, test } from './support/fixtures.js';
import { logInThroughPage, logOut, registerThroughPage } from './support/flows.js';

/*
 * The order page (DESIGN.md section 9): a customer follows an order of two products from
 * placing to shipped, with its invoice; the admin ships it with a carrier and tracking number.
 * Products 7 and 9 are ordered here and by tests that never compare their stock.
 */
const single: DemoProduct = demoProducts[8]!;
const pair: readonly DemoProduct[] = [demoProducts[9]!, demoProducts[7]!];

const TEST_CARD = '4242 4242 4242 4242';
const CARRIER = 'UPS';
const TRACKING = '1Z999AA10123456784';

/** With SHOTS_DIR set, each page is also saved at 1280 and 390 px wide, to be looked at. */
const SHOTS_DIR = process.env['SHOTS_DIR'];

async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Let the layout settle (the dashboard menu wraps, the tables stack).
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(value).toBeTruthy();
  return value!;
}

async function productIds(page: Page): Promise<Map<string, string>> {
  const response = await page.request.get('/api/products');
  expect(response.ok()).toBe(true);
  const products = (await response.json()) as { _id: string; name: string }[];
  return new Map(products.map((product) => [product.name, product._id]));
}

/** Places one order of several products through `POST /api/orders`, as the checkout does. */
async function placeOrderOf(page: Page, items: readonly DemoProduct[], poNumber?: string) {
  const ids = await productIds(page);
  const response = await page.request.post('/api/orders', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: {
      lines: items.map((item) => ({ productId: ids.get(item.name), quantity: item.minquantity })),
      phone: '+1 555 0100',
      address: '4 Assembly Road\nSpringfield',
      ...(poNumber && { poNumber }),
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

/** Places a one-product order through its order page, as the spec's customer does. */
async function placeOrderOnPage(page: Page, item: DemoProduct) {
  await page.goto('/products');
  await page.getByRole('link', { name: `Order Now: ${item.name}` }).click();
  await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
  await page.getByLabel('Address', { exact: true }).fill('4 Assembly Road, Springfield');
  await page.getByLabel('Quantity').fill(String(item.minquantity));
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expectToastShown(page, messages.orderSuccess);
}

/** The order page's heading names the order by its number (issue 22). */
function orderHeading(page: Page, order: Pick<Order, 'orderNumber'>) {
  return page.getByRole('heading', { level: 1, name: text.numberTitle(order.orderNumber) });
}

test.describe('the order page', () => {
  test('a customer follows an order of two products from placed to shipped, with its invoice', async ({
    page,
    expectAccessible,
  }) => {
    // Two sign-ins, a payment, a shipment and an axe check at each step.
    test.slow();
    const customer = await registerThroughPage(page, 'orderpage');
    await placeOrderOnPage(page, single);
    const order = await placeOrderOf(page, pair, 'PO-E2E-7');
    expect(order.lines).toHaveLength(2);

    // My Order: both orders, each linked to its page; the multi-line one by its first product.
    await page.goto('/dashboard');
    const myOrders = page.getByRole('region', { name: 'My orders' });
    await expect(myOrders.getByRole('link', { name: /^Details of CF-\d+$/ }).first()).toBeVisible();
    // ux 2026-11-28 #12: the first line whole, the other on demand.
    await expect(myOrders.getByText('and 1 more', { exact: true })).toBeVisible();
    // Each row names its order by number, with its day and PO (review defect 8).
    const orderRow = myOrders.getByRole('row').filter({ hasText: order.orderNumber });
    await expect(
      orderRow.getByRole('link', { name: text.openOrderLabel(order.orderNumber) }),
    ).toBeVisible();
    await expect(orderRow.getByText('PO-E2E-7')).toBeVisible();
    await screenshot(page, 'my-order');
    // Found by its PO number too.
    const find = page.getByRole('searchbox', { name: text.searchMine });
    await find.fill('PO-E2E-7');
    await find.press('Enter');
    await expect(myOrders.getByRole('row')).toHaveCount(2);
    await expectAccessible();
    await screenshot(page, 'my-order-search');
    await myOrders.getByRole('link', { name: text.detailsLabel(order.orderNumber) }).click();

    await expect(page).toHaveURL(`/dashboard/orders/${order._id}`);
    await expect(orderHeading(page, order)).toBeVisible();
    await expect(page.getByText('Unpaid', { exact: true })).toBeVisible();
    await expect(page.getByText('PO-E2E-7')).toBeVisible();
    await expect(page.getByText(new RegExp(`^${text.payWithin('\\d+ min')}$`))).toBeVisible();
    const lines = page.getByRole('region', { name: text.lines });
    for (const line of order.lines) {
      const row = lines.getByRole('row').filter({ hasText: line.productName });
      await expect(
        row.getByRole('cell', { name: String(line.quantity), exact: true }),
      ).toBeVisible();
      await expect(
        row.getByRole('cell', { name: formatPrice(line.lineTotal), exact: true }),
      ).toBeVisible();
    }
    await expect(
      page.getByText(`${text.orderTotal}: ${formatPrice(order.orderPrice)}`),
    ).toBeVisible();
    const timeline = page.getByRole('region', { name: text.timeline });
    await expect(timeline.getByRole('listitem')).toHaveText([/^.?Placed/, /Paid/, /Shipped/]);
    await expect(timeline.getByRole('listitem').nth(1)).toContainText(text.notYet);
    await expectAccessible();
    await screenshot(page, 'order-page-unpaid');

    // The pro-forma (unpaid: not an invoice), from the keyboard: a PDF under the server's name.
    await page.getByRole('link', { name: text.payNow }).focus();
    // 'Order again' (issue 26) comes between them.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^Order again/ })).toBeFocused();
    await page.keyboard.press('Tab');
    const invoiceButton = page.getByRole('button', { name: text.downloadProForma });
    await expect(invoiceButton).toBeFocused();
    expect(await invoiceButton.evaluate((button) => button.matches(':focus-visible'))).toBe(true);
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`pro-forma-${order.orderNumber}.pdf`);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByText(text.proFormaDownloaded)).toBeVisible();
    if (SHOTS_DIR) {
      mkdirSync(SHOTS_DIR, { recursive: true });
      const pdf = path.join(SHOTS_DIR, 'invoice.pdf');
      await download.saveAs(pdf);
      try {
        execFileSync('pdftoppm', [
          '-png',
          '-r',
          '80',
          '-f',
          '1',
          '-l',
          '1',
          pdf,
          pdf.replace(/\.pdf$/, ''),
        ]);
      } catch {
        // pdftoppm is not everywhere: the PDF itself is kept to look at.
      }
    }

    // Pay now: the payment page lists both lines.
    await page.getByRole('link', { name: text.payNow }).click();
    await expect(page).toHaveURL(`/dashboard/payment/${order._id}`);
    const summary = page.getByRole('list', { name: text.lines });
    await expect(summary.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText(`Please Pay: ${formatPrice(order.orderPrice)}`)).toBeVisible();
    // ux 2026-11-28 #9: the heading names the order number.
    await expect(
      page.getByRole('heading', { level: 1, name: `pay for ${order.orderNumber}` }),
    ).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'payment-page');
    await page.getByLabel('Card number').fill(TEST_CARD);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeVisible();
    await logOut(page);

    // The admin ships it: the dialog asks for the carrier, from a list, and the tracking
    // number, both or neither.
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    // Manage Order finds it by its number, typed in any case (review defect 8).
    await page.goto(`/dashboard/manage?q=${order.orderNumber.toLowerCase()}`);
    await expect(page.getByText('1 order', { exact: true })).toBeVisible();
    // Row actions name the order by its number (ux 2026-11-28 #32).
    const what = order.orderNumber;
    const row = page
      .getByRole('region', { name: 'Orders' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: text.detailsLabel(what) }) });
    await row.getByRole('button', { name: `Ship Order: ${what}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: confirmMessages.shipTitle })).toBeVisible();
    await expect(dialog.getByLabel(text.carrier)).toBeFocused();
    await dialog.getByLabel(text.carrier).selectOption(CARRIER);
    await dialog.getByRole('button', { name: confirmMessages.shipConfirm }).click();
    await expect(dialog.getByText(b2bMessages.trackingRequired)).toBeVisible();
    await expect(dialog.getByLabel(text.trackingNumber)).toBeFocused();
    await expect(dialog.getByLabel(text.trackingNumber)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
    await screenshot(page, 'ship-dialog-error');
    await dialog.getByLabel(text.trackingNumber).fill(TRACKING);
    await screenshot(page, 'ship-dialog');
    await dialog.getByLabel(text.trackingNumber).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();
    await expect(row.getByText(text.shipment(CARRIER, TRACKING))).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'manage-order-shipped');

    // The admin may open the order page too, and goes back to Manage Order from it.
    await row.getByRole('link', { name: text.detailsLabel(what) }).click();
    await expect(orderHeading(page, order)).toBeVisible();
    await expect(page.getByRole('link', { name: text.backToManageOrder })).toBeVisible();
    await expect(page.getByRole('link', { name: text.payNow })).toHaveCount(0);
    await logOut(page);

    // The customer sees it shipped, with the carrier and tracking number.
    await logInThroughPage(page, customer.email, customer.password);
    await page.goto(`/dashboard/orders/${order._id}`);
    await expect(orderHeading(page, order)).toBeVisible();
    await expect(page.locator('.badge', { hasText: /^Shipped$/ })).toBeVisible();
    const shipped = timeline.getByRole('listitem').nth(2);
    await expect(shipped).toHaveAttribute('aria-current', 'step');
    await expect(shipped).toContainText(CARRIER);
    // The tracking number links to the carrier's page, in a new tab.
    const track = shipped.getByRole('link', {
      name: carrierMessages.trackingLinkLabel(CARRIER, TRACKING),
    });
    await expect(track).toHaveText(TRACKING);
    await expect(track).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${TRACKING}`);
    await expect(track).toHaveAttribute('target', '_blank');
    await expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(timeline.getByRole('listitem').nth(1)).not.toContainText(text.notYet);
    await expect(page.getByRole('link', { name: text.payNow })).toHaveCount(0);
    await expectAccessible();
    await screenshot(page, 'order-page-shipped');
  });

  test('another customer gets the permission message, and an unknown order the not-found page', async ({
    page,
    expectAccessible,
  }) => {
    await registerThroughPage(page, 'owner');
    const order = await placeOrderOf(page, [pair[0]!]);
    await logOut(page);

    await registerThroughPage(page, 'stranger');
    await page.goto(`/dashboard/orders/${order._id}`);
    // Not theirs: the order is never read, so the heading keeps its short id, not its number.
    await expect(
      page.getByRole('heading', { level: 1, name: text.title(order._id) }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(messages.noPermission);
    await expect(page.getByRole('button', { name: text.downloadInvoice })).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.downloadProForma })).toHaveCount(0);
    await expectAccessible();
    const invoice = await page.request.get(`/api/orders/${order._id}/invoice`, {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect(invoice.status()).toBe(403);

    await page.goto('/dashboard/orders/0123456789abcdef01234567');
    await expect(page.getByRole('heading', { level: 1, name: messages.notFound })).toBeVisible();
  });
});
