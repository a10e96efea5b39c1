import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
  accountPageMessages,
  billingLabels,
  cartMessages,
  confirmMessages,
  ORDER_LIST_STORAGE_KEY,
  orderPageMessages,
  type Company,
  type Order,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, expectAccessibleOn, test } from './support/fixtures.js';
import { confirmIn, logInThroughPage, registerThroughPage } from './support/flows.js';
import { addTestProducts } from './support/order-list.js';
import { hex, shooter, token } from './support/walk.js';

/*
 * Usability walk 2026-11-28 (issue 33 point 3): a company member's checkout shows the order
 * billed to the company (#2) and sends none of it; the shop admin's Mark Paid asks for the bank
 * transfer received (#15); the invoice reads Bill to the company, Ship to the shipping address,
 * and PAID with the transfer's reference, not 'manual_'.
 */

const SHOTS = 'test-results/shots/company-invoices';
const VAT_ID = 'DE123456789';
const SHIPPING = 'Goods-in, Dock 3\nIndustriestr. 5\n70565 Stuttgart';
const REFERENCE = 'RF18 5390 0754 7034';

const shoot = shooter(SHOTS);

test.describe('invoices made out to the company', () => {
  // Two windows, a PDF and three accessibility checks: generous on a loaded two-core machine.
  test.describe.configure({ timeout: 360_000 });

  test('ux 2026-11-28 #2 and #15: checkout bills the company; Mark Paid takes the transfer; the invoice says both', async ({
    page,
    browser,
    baseURL,
    expectAccessible,
  }, testInfo) => {
    const [product] = await addTestProducts(
      browser,
      [{ price: 100, minquantity: 1, increment: 1, aqty: 500, priceBreaks: [] }],
      hex(6),
    );
    const companyName = `${hex()} Systems GmbH`;
    const billingAddress = `${companyName}\nAccounts Payable\nPostfach 1122\n70565 Stuttgart`;

    // The buyer: their own company (its admin, so a member), with a VAT id and billing address.
    await registerThroughPage(page, 'companyinvoice');
    const created = await page.request.post('/api/companies', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: { name: companyName, vatId: VAT_ID, billingAddress },
    });
    expect(created.status(), await created.text()).toBe(201);
    expect(((await created.json()) as { company: Company }).company.name).toBe(companyName);

    // Checkout: the company billed, as My Company has it; no field to type another.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      ORDER_LIST_STORAGE_KEY,
      JSON.stringify([{ productId: product!._id, quantity: 3, name: product!.name }]),
    ] as const);
    await page.goto('/checkout');
    const billed = page.getByRole('region', { name: billingLabels.companyHeading });
    await expect(billed.getByText(companyName, { exact: true })).toBeVisible();
    await expect(billed.getByText(VAT_ID)).toBeVisible();
    await expect(billed.getByText('Accounts Payable', { exact: false })).toBeVisible();
    await expect(page.getByLabel(billingLabels.company)).toHaveCount(0);
    await page.getByLabel('Phone', { exact: true }).fill('+49 711 555 0100');
    await page.getByLabel('Address', { exact: true }).fill(SHIPPING);
    await expectAccessible();
    await shoot(page, 'checkout-billed-to-company');
    await page.getByRole('button', { name: cartMessages.placeOrder }).click();
    await page.waitForURL(/\/dashboard\/payment\//);
    const orderId = page.url().split('/').pop()!;
    const placed = (await (
      await page.request.get(`/api/orders/${orderId}`, {
        headers: { authorization: `Bearer ${await token(page)}` },
      })
    ).json()) as Order;
    expect(placed.billing).toEqual({
      company: companyName,
      vatNumber: VAT_ID,
      address: billingAddress,
    });

    // The shop admin marks it paid for the bank transfer received.
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.goto(`/dashboard/orders/${orderId}`);
    await expect(
      admin.getByRole('heading', {
        level: 1,
        name: orderPageMessages.numberTitle(placed.orderNumber),
      }),
    ).toBeVisible();
    await admin.getByRole('button', { name: /^Mark Paid/ }).click();
    const dialog = admin
      .getByRole('dialog')
      .filter({ has: admin.getByRole('heading', { name: confirmMessages.markPaidTitle }) });
    await expect(dialog).toContainText(placed.orderNumber);
    const amount = dialog.getByLabel(accountPageMessages.amountLabel);
    await expect(amount).toBeFocused();
    await expect(amount).toHaveValue('300.00');
    await expect(dialog.getByLabel(accountPageMessages.receivedLabel)).not.toHaveValue('');
    // The reference is asked for: none given, the dialog says so under it and stays open.
    await dialog.getByRole('button', { name: confirmMessages.markPaidConfirm }).click();
    await expect(dialog.getByText('Reference is required')).toBeVisible();
    // Another amount than the total: refused in words, before anything is sent.
    await amount.fill('100');
    await dialog.getByLabel(accountPageMessages.referenceLabel, { exact: true }).fill(REFERENCE);
    await dialog.getByRole('button', { name: confirmMessages.markPaidConfirm }).click();
    await expect(dialog.getByText(/must be the order's total/)).toBeVisible();
    await expectAccessibleOn(admin);
    await shoot(admin, 'mark-paid-dialog');
    await amount.fill('300');
    await confirmIn(dialog, confirmMessages.markPaidConfirm);
    await expect(admin.getByText(orderPageMessages.markedPaid)).toBeVisible();
    await expectAccessibleOn(admin);

    // The invoice: Bill to the company, Ship to the goods-in, PAID with the transfer's reference.
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: orderPageMessages.downloadInvoice }).click();
    const file = path.join(testInfo.outputDir, 'invoice.pdf');
    await (await download).saveAs(file);
    const pdf = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(pdf).toContain('Bill to');
    expect(pdf).toContain(companyName);
    expect(pdf).toContain(VAT_ID);
    expect(pdf).toContain('Accounts Payable');
    expect(pdf).toContain('Ship to');
    expect(pdf).toContain('Goods-in, Dock 3');
    expect(pdf).toContain(`reference ${REFERENCE}`);
    expect(pdf).not.toContain('manual_');
    await context.close();
  });
});
