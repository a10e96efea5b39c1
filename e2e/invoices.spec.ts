import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Download, Page } from '@playwright/test';
import {
  billingLabels,
  cartMessages,
  messages,
  ORDER_LIST_STORAGE_KEY,
  orderPageMessages as text,
  type Order,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { logInThroughPage, registerThroughPage } from './support/flows.js';
import { addTestProducts, type TestProduct } from './support/order-list.js';

/*
 * Issue 22 (review defects 2 and 20): the checkout offers My Profile's company and VAT number
 * for the invoice; the order page offers a pro-forma while unpaid, the numbered invoice once
 * paid, and nothing once cancelled unpaid. Each test adds its own products.
 */

const TEST_CARD = '4242 4242 4242 4242';
/** With SHOTS_DIR set, pages are also saved at 1280 and 390 px wide, and the PDFs as PNG. */
const SHOTS_DIR = process.env['SHOTS_DIR'];

async function screenshot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top, so the sticky header is drawn where it belongs; let the layout settle.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Keeps a downloaded PDF, and its first page as PNG where pdftoppm is installed. */
async function keepPdf(download: Download, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  const pdf = path.join(SHOTS_DIR, `${name}.pdf`);
  await download.saveAs(pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, pdf.slice(0, -4)]);
  } catch {
    // pdftoppm is not everywhere: the PDF itself is kept to look at.
  }
}

/** My Profile's company, VAT number and default shipping address. */
async function fillProfile(page: Page) {
  await page.goto('/dashboard/profile');
  const form = page.getByRole('region', { name: 'Update Profile' });
  await form.getByLabel('Company').fill('Nordic Systems GmbH');
  await form.getByLabel('VAT number').fill('DE123456789');
  await form.getByLabel('Phone', { exact: true }).fill('+49 40 123456');
  await form
    .getByLabel('Default shipping address')
    .fill('Nordic Systems GmbH\nHafenstrasse 12\n20457 Hamburg');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(messages.profileUpdated)).toBeVisible();
}

/** Puts products in the order list (the list lives in the browser) and opens the checkout. */
async function checkOut(page: Page, products: readonly TestProduct[]) {
  const lines = products.map((product) => ({
    productId: product._id,
    quantity: product.minquantity,
    name: product.name,
  }));
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    ORDER_LIST_STORAGE_KEY,
    JSON.stringify(lines),
  ] as const);
  await page.goto('/checkout');
  await expect(
    page.getByRole('heading', { level: 1, name: cartMessages.checkoutTitle }),
  ).toBeVisible();
}

async function token(page: Page): Promise<string> {
  const value = await page.evaluate(() => localStorage.getItem('accessToken'));
  expect(value).toBeTruthy();
  return value!;
}

/** Removes a product as the admin: its unpaid orders are cancelled (DESIGN.md section 11). */
async function removeProduct(browser: Browser, productId: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const response = await admin.request.delete(`/api/products/${productId}`, {
      headers: { authorization: `Bearer ${await token(admin)}` },
    });
    expect(response.ok(), await response.text()).toBe(true);
  } finally {
    await context.close();
  }
}

let skus = 0;
/** A SKU no other run or test uses (SKUs are unique in any case). */
const sku = (kind: string) => {
  skus += 1;
  return `INV-${kind}-${process.pid}-${Date.now().toString(16)}-${skus}`.toUpperCase();
};

const products = (browser: Browser, label: string) =>
  addTestProducts(
    browser,
    [
      { price: 48.5, minquantity: 4, increment: 1, aqty: 500, priceBreaks: [], sku: sku('A') },
      { price: 20, minquantity: 2, increment: 1, aqty: 500, priceBreaks: [], sku: sku('B') },
    ],
    label,
  );

test.describe('invoices accounts payable can book', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the checkout bills the profile’s company; the order page offers pro-forma, invoice, or nothing', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [billed, removed] = await products(browser, 'invoice');
    await registerThroughPage(page, 'invoices');
    await fillProfile(page);

    await checkOut(page, [billed!]);
    await expect(page.getByLabel(billingLabels.company)).toHaveValue('Nordic Systems GmbH');
    await expect(page.getByLabel(billingLabels.vatNumber)).toHaveValue('DE123456789');
    await expect(page.getByLabel(billingLabels.sameAsShipping)).toBeChecked();
    await expect(page.getByText(billingLabels.fromProfile)).toBeVisible();
    await expectAccessible();
    await page.getByLabel(billingLabels.sameAsShipping).uncheck();
    await page
      .getByLabel(billingLabels.address, { exact: true })
      .fill('Nordic Systems GmbH\nAccounts Payable\nPostfach 1122\n20001 Hamburg');
    await expectAccessible();
    await screenshot(page, 'checkout-billing');
    await page.getByRole('button', { name: cartMessages.placeOrder }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    const orderId = page.url().split('/').pop()!;

    // Unpaid: its pro-forma, never an invoice.
    await page.goto(`/dashboard/orders/${orderId}`);
    const proForma = page.getByRole('button', { name: text.downloadProForma });
    await expect(proForma).toBeVisible();
    await expect(page.getByRole('button', { name: text.downloadInvoice })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: text.billedTo })).toBeVisible();
    await expect(page.getByText(`${text.vatNumber}: DE123456789`)).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'order-page-unpaid');
    const proFormaFile = page.waitForEvent('download');
    await proForma.click();
    const downloadedProForma = await proFormaFile;
    expect(downloadedProForma.suggestedFilename()).toMatch(/^pro-forma-CF-\d+\.pdf$/);
    await expect(page.getByText(text.proFormaDownloaded)).toBeVisible();
    await keepPdf(downloadedProForma, 'pro-forma');

    // Paid by card: the invoice, with its number.
    await page.getByRole('link', { name: text.payNow }).click();
    await page.getByLabel('Card number').fill(TEST_CARD);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeVisible();
    await page.goto(`/dashboard/orders/${orderId}`);
    const invoice = page.getByRole('button', { name: text.downloadInvoice });
    await expect(invoice).toBeVisible();
    await expect(page.getByRole('button', { name: text.downloadProForma })).toHaveCount(0);
    const order = (await (
      await page.request.get(`/api/orders/${orderId}`, {
        headers: { authorization: `Bearer ${await token(page)}` },
      })
    ).json()) as Order;
    expect(order.invoice?.number).toMatch(/^\d{4}-\d{6}$/);
    await expect(page.getByText(order.invoice!.number, { exact: true })).toBeVisible();
    await expectAccessible();
    await screenshot(page, 'order-page-paid');
    const invoiceFile = page.waitForEvent('download');
    await invoice.click();
    const downloadedInvoice = await invoiceFile;
    expect(downloadedInvoice.suggestedFilename()).toBe(`invoice-${order.invoice!.number}.pdf`);
    await keepPdf(downloadedInvoice, 'invoice');

    // Cancelled before it was paid (its product removed): no document at all.
    await checkOut(page, [removed!]);
    await page.getByRole('button', { name: cartMessages.placeOrder }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    const cancelledId = page.url().split('/').pop()!;
    await removeProduct(browser, removed!._id);
    await page.goto(`/dashboard/orders/${cancelledId}`);
    await expect(page.getByText(text.cancelledUnpaid)).toBeVisible();
    await expect(page.getByRole('button', { name: text.downloadInvoice })).toHaveCount(0);
    await expect(page.getByRole('button', { name: text.downloadProForma })).toHaveCount(0);
    await expectAccessible();
    await screenshot(page, 'order-page-cancelled');
    const none = await page.request.get(`/api/orders/${cancelledId}/invoice`, {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect(none.status()).toBe(409);
  });

  test('the checkout’s billing fields on a phone @phone', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [product] = await products(browser, 'invoice phone');
    await registerThroughPage(page, 'invoicesphone');
    await fillProfile(page);
    await checkOut(page, [product!]);
    await expect(page.getByLabel(billingLabels.company)).toHaveValue('Nordic Systems GmbH');
    await expect(page.getByLabel(billingLabels.vatNumber)).toHaveValue('DE123456789');
    await page.getByLabel(billingLabels.sameAsShipping).uncheck();
    await expect(page.getByLabel(billingLabels.address, { exact: true })).toBeVisible();
    await page.getByRole('button', { name: cartMessages.placeOrder }).click();
    await expect(page.getByText('Enter the billing address', { exact: false })).toBeVisible();
    await expectAccessible();
    await page.getByLabel(billingLabels.sameAsShipping).check();
    await page.getByRole('button', { name: cartMessages.placeOrder }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
  });
});
