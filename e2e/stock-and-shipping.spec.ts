import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  orderStatusWords,
  carrierMessages,
  confirmMessages,
  messages,
  orderPageMessages as text,
  stockEditMessages,
  type Order,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import {
  confirmIn,
  logInThroughPage,
  logOut,
  registerThroughPage,
  fillMarkPaid,
} from './support/flows.js';
import { addTestProducts } from './support/order-list.js';

/*
 * Issue 22 (review defects 6, 7, 15 and 21): a stock edit an order overtook is refused with the
 * stock now, and stock may be 0 under the minimum; the product delete dialog says what will
 * happen; the carrier comes from a list, the tracking number links to the carrier, an admin
 * corrects it after shipping and works an order from its own page. Every product here is the
 * test's own (addTestProducts), so no other test's stock moves.
 */

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

/** Places a one-product order through the API, as the signed-in user of `page`. */
async function order(page: Page, productId: string, quantity: number): Promise<Order> {
  const response = await page.request.post('/api/order', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: {
      orderProduct: productId,
      phone: '+1 555 0100',
      address: '4 Assembly Road',
      orderQty: quantity,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { order: Order }).order;
}

const confirmDialog = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });

test.describe('stock edits, the delete dialog and shipping', () => {
  test('a stock edit an order overtook is refused with the stock now; stock 0 under the minimum saves', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [product] = await addTestProducts(
      browser,
      [{ price: 79, minquantity: 10, increment: 1, aqty: 800, priceBreaks: [] }],
      'stock edit',
    );
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(product!.name)}`);
    const row = page.getByRole('row').filter({ hasText: product!.name });
    await row.getByRole('button', { name: `Edit ${product!.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${product!.name}` });
    const stock = dialog.getByLabel('Available Quantity');
    await expect(stock).toHaveValue('800');

    // While the form is open, a buyer orders 100: the stock is 700.
    await order(page, product!._id, 100);
    await stock.fill('1000');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText(new RegExp(stockEditMessages.changed(700).replace('.', '\\.')));
    await expect(alert).toBeFocused();
    await expect(dialog.getByText(stockEditMessages.changedField(700))).toBeVisible();
    await expect(stock).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
    await screenshot(page, 'edit-stock-changed');

    // Nothing was saved; the admin takes the figure now, then records real stock: sold out.
    const check = await page.request.get(`/api/products/${product!._id}`);
    expect(((await check.json()) as { aqty: number }).aqty).toBe(700);
    await alert.getByRole('button', { name: stockEditMessages.useCurrent(700) }).click();
    await expect(stock).toHaveValue('700');
    await expect(stock).toBeFocused();
    await stock.fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product updated!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: '10', exact: true })).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'manage-product-stock-0');

    // Add Product takes stock below the minimum too (0: sold out).
    await page.goto('/dashboard/addproduct');
    await page.getByLabel('Product Name').fill(`${product!.name} sold out`);
    await page.getByLabel('Available Quantity').fill('0');
    await page.getByLabel('Image URL').fill('/images/products/silentbox-s5-full-tower.svg');
    await page.getByLabel('Price').fill('42');
    await page.getByLabel('MinimumQuantity').fill('10');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Successfully Added!')).toBeVisible();
  });

  test('the product delete dialog keeps the spec text and says whether it deletes or archives', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [kept, unused] = await addTestProducts(
      browser,
      [
        { price: 79, minquantity: 10, increment: 1, aqty: 800, priceBreaks: [] },
        { price: 79, minquantity: 10, increment: 1, aqty: 800, priceBreaks: [] },
      ],
      'delete dialog',
    );
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await order(page, kept!._id, 10);

    await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(kept!.name)}`);
    await page.getByRole('button', { name: `Delete ${kept!.name}` }).click();
    const confirm = confirmDialog(page, messages.deleteTitle);
    await expect(confirm.getByText(messages.deleteProductText(kept!.name))).toBeVisible();
    await expect(
      confirm.getByText(
        'It has 1 order, so it will be archived, not deleted: removed from the catalog and kept for its orders. 1 unpaid order will be cancelled, and its customer is not charged.',
      ),
    ).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'delete-dialog-archive');
    await confirmIn(confirm, confirmMessages.cancel);

    await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(unused!.name)}`);
    await page.getByRole('button', { name: `Delete ${unused!.name}` }).click();
    await expect(confirm.getByText(messages.deleteProductText(unused!.name))).toBeVisible();
    await expect(confirm.getByText('It has no orders, so it will be deleted.')).toBeVisible();
    await screenshot(page, 'delete-dialog-delete');
    await confirmIn(confirm, confirmMessages.cancel);
  });

  test("an admin marks paid, ships with a listed carrier and corrects the tracking from the order's own page; the buyer follows the link", async ({
    page,
    browser,
    expectAccessible,
  }) => {
    test.slow();
    const [product] = await addTestProducts(
      browser,
      [{ price: 20, minquantity: 5, increment: 1, aqty: 500, priceBreaks: [] }],
      'shipping',
    );
    const customer = await registerThroughPage(page, 'tracking');
    const placed = await order(page, product!._id, 5);
    await logOut(page);

    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/dashboard/orders/${placed._id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: text.numberTitle(placed.orderNumber) }),
    ).toBeVisible();
    // Row actions name the order by its number (ux 2026-11-28 #32).
    const what = placed.orderNumber;
    await expect(page.getByRole('button', { name: `Ship Order: ${what}` })).toHaveCount(0);
    await expectAccessible();
    await screenshot(page, 'admin-order-page-unpaid');

    // Mark Paid, through Manage Order's own dialog.
    await page.getByRole('button', { name: `Mark Paid: ${what}` }).click();
    await fillMarkPaid(confirmDialog(page, confirmMessages.markPaidTitle));
    await confirmIn(
      confirmDialog(page, confirmMessages.markPaidTitle),
      confirmMessages.markPaidConfirm,
    );
    await expect(page.getByText(text.markedPaid)).toBeVisible();
    const ship = page.getByRole('button', { name: `Ship Order: ${what}` });
    await expect(ship).toBeVisible();
    await expect(page.getByRole('button', { name: `Mark Paid: ${what}` })).toHaveCount(0);

    // Ship Order: the carrier from the list; 'Other' asks for a name.
    await ship.click();
    const shipDialog = confirmDialog(page, confirmMessages.shipTitle);
    await expect(shipDialog).toContainText(
      confirmMessages.shipText(placed.orderPName, customer.name),
    );
    await expect(shipDialog).not.toContainText('cannot be undone');
    const carrier = shipDialog.getByLabel(text.carrier);
    await expect(carrier).toBeFocused();
    await expect(carrier.getByRole('option')).toHaveText([
      carrierMessages.none,
      'UPS',
      'FedEx',
      'DHL',
      'USPS',
      carrierMessages.other,
    ]);
    await expect(shipDialog.getByLabel(carrierMessages.otherName)).toBeHidden();
    await carrier.selectOption(carrierMessages.other);
    await expect(shipDialog.getByLabel(carrierMessages.otherName)).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'ship-dialog-other');
    await carrier.selectOption('DHL');
    await expect(shipDialog.getByLabel(carrierMessages.otherName)).toBeHidden();
    // A mistyped number: corrected below.
    await shipDialog.getByLabel(text.trackingNumber).fill('JD01460000');
    await screenshot(page, 'ship-dialog');
    await confirmIn(shipDialog, confirmMessages.shipConfirm);
    await expect(page.getByText(text.orderShipped)).toBeVisible();
    const timeline = page.getByRole('region', { name: text.timeline });
    const shipped = timeline.getByRole('listitem').nth(2);
    await expect(
      shipped.getByRole('link', { name: carrierMessages.trackingLinkLabel('DHL', 'JD01460000') }),
    ).toBeVisible();

    // Edit tracking: prefilled, corrected; the order stays shipped.
    await page.getByRole('button', { name: `${text.editTracking}: ${what}` }).click();
    const editDialog = confirmDialog(page, confirmMessages.editTrackingTitle);
    await expect(editDialog.getByLabel(text.carrier)).toHaveValue('dhl');
    const number = editDialog.getByLabel(text.trackingNumber);
    await expect(number).toHaveValue('JD01460000');
    await number.fill('JD 0146/0000 62');
    await expectAccessible();
    await screenshot(page, 'edit-tracking-dialog');
    await confirmIn(editDialog, confirmMessages.editTrackingConfirm);
    await expect(page.getByText(text.trackingUpdated)).toBeVisible();
    const link = shipped.getByRole('link', {
      name: carrierMessages.trackingLinkLabel('DHL', 'JD0146/000062'),
    });
    // Stored and linked without its spaces (ux 2026-11-28 #35).
    await expect(link).toHaveAttribute(
      'href',
      'https://www.dhl.com/en/express/tracking.html?AWB=JD0146%2F000062',
    );
    // The status badge, in the words every page uses (issue 22, defect 13).
    await expect(page.getByText(orderStatusWords.shipped, { exact: true }).first()).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'admin-order-page-shipped');

    // Manage Order offers the same correction.
    await page.goto(`/dashboard/manage?q=${encodeURIComponent(customer.email)}`);
    const row = page
      .getByRole('region', { name: 'Orders' })
      .getByRole('row')
      .filter({
        has: page.getByRole('link', { name: text.detailsLabel(what) }),
      });
    await expect(row.getByText(text.shipment('DHL', 'JD0146/000062'))).toBeVisible();
    await expect(row.getByRole('button', { name: `${text.editTracking}: ${what}` })).toBeVisible();
    await screenshot(page, 'manage-order-edit-tracking');
    await logOut(page);

    // The buyer's order page: the corrected number, linked to DHL in a new tab.
    await logInThroughPage(page, customer.email, customer.password);
    await page.goto(`/dashboard/orders/${placed._id}`);
    const buyerLink = page
      .getByRole('region', { name: text.timeline })
      .getByRole('link', { name: carrierMessages.trackingLinkLabel('DHL', 'JD0146/000062') });
    await expect(buyerLink).toHaveAttribute('target', '_blank');
    await expect(buyerLink).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(
      page.getByRole('button', { name: new RegExp(`^${text.editTracking}`) }),
    ).toHaveCount(0);
    await expectAccessible();
    await screenshot(page, 'buyer-order-page-tracking');
  });
});
