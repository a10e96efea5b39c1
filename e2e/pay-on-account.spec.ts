import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import {
  accountPageMessages as text,
  companyMenuLabels,
  confirmMessages,
  onAccountLabels,
  orderPageMessages,
  type Company,
  type Order,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, expectAccessibleOn, test } from './support/fixtures.js';
import { confirmIn, logInThroughPage, registerThroughPage } from './support/flows.js';
import { tabTo } from './support/keyboard.js';
import { addTestProducts, type TestProduct } from './support/order-list.js';
import { E2E_BANK_DETAILS } from './support/shop.js';
import { hex, shooter, token } from './support/walk.js';

/*
 * Issue 24 (DESIGN.md section 13): a shop admin grants a company payment terms; a buyer of that
 * company pays an order by invoice; the admin ships it, then records two part payments; the
 * statement shows the invoice open, then settled; the invoice PDF, read back, carries the terms,
 * the due date, the company's name and VAT id and the seller's bank details. Then the statement
 * and the payment choice on a phone, and paying by invoice with the keyboard alone.
 */

const SHOTS = 'test-results/shots/account-web';
const VAT_ID = 'DE123456789';

const shoot = shooter(SHOTS);

const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

/** The shop admin, signed in in a window of their own. */
async function adminWindow(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
) {
  const context = await browser.newContext({ baseURL, viewport });
  const admin = await context.newPage();
  await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  return admin;
}

/** One product of $100 a piece (min 1), with stock of its own. */
async function aProduct(browser: Browser): Promise<TestProduct> {
  const [product] = await addTestProducts(
    browser,
    [
      {
        price: 100,
        minquantity: 1,
        increment: 1,
        aqty: 500,
        priceBreaks: [],
        sku: `POA-${hex(8)}`.toUpperCase(),
      },
    ],
    hex(6),
  );
  return product!;
}

/** The buyer's company, made through the API (the company pages have walks of their own). */
async function createCompany(page: Page, name: string): Promise<Company> {
  const response = await page.request.post('/api/companies', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { name, vatId: VAT_ID, billingAddress: `${name}\n1 Ledger Lane\n20457 Hamburg` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { company: Company }).company;
}

/** Payment terms granted through the API (the admin's form has its own walk). */
async function grantTerms(admin: Page, companyId: string, days: number, creditLimit: number) {
  const response = await admin.request.put(`/api/companies/${companyId}/terms`, {
    headers: { authorization: `Bearer ${await token(admin)}` },
    data: { days, creditLimit },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** An order placed through `POST /api/orders`, as the checkout does. */
async function placeOrder(page: Page, product: TestProduct, quantity: number): Promise<Order> {
  const response = await page.request.post('/api/orders', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: {
      lines: [{ productId: product._id, quantity }],
      phone: '+49 40 123456',
      address: '1 Ledger Lane\n20457 Hamburg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

async function readOrder(page: Page, id: string): Promise<Order> {
  const response = await page.request.get(`/api/orders/${id}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Order;
}

/** The text of a downloaded PDF, as pdftotext reads it. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Records money received in the Record payment dialog, and waits for it to close. */
async function recordPayment(page: Page, what: string, amount: string, reference: string) {
  await page.getByRole('button', { name: text.recordPaymentLabel(what) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: text.recordPaymentTitle })).toBeVisible();
  await expect(dialog.getByLabel(text.amountLabel)).toBeFocused();
  await dialog.getByLabel(text.amountLabel).fill(amount);
  await dialog.getByLabel(text.referenceLabel).fill(reference);
  return dialog;
}

test.describe('paying on account', () => {
  test.describe.configure({ timeout: 180_000 });

  test('terms granted, an order paid by invoice, shipped, paid in two parts; the statement and the invoice PDF follow', async ({
    page,
    browser,
    baseURL,
    expectAccessible,
  }, testInfo) => {
    const companyName = `${hex()} GmbH`;
    const product = await aProduct(browser);

    // The buyer: a company of their own (its admin, so a member), and an order of $300.
    await registerThroughPage(page, 'payonaccount');
    const company = await createCompany(page, companyName);
    const order = await placeOrder(page, product, 3);
    expect(order.orderPrice).toBe(300);

    // Before any terms, the payment page offers the card only.
    await page.goto(`/dashboard/payment/${order._id}`);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Pay by invoice/ })).toHaveCount(0);

    // The shop admin opens the company from Manage Companies and grants net 30, up to $1,000.
    const admin = await adminWindow(browser, baseURL!);
    await admin.goto('/dashboard');
    await dashboardMenu(admin)
      .getByRole('link', { name: companyMenuLabels.manageCompanies })
      .click();
    await admin.getByLabel('Search companies').fill(companyName.slice(0, 10));
    // The list is asked again once typing rests: the row to open is the searched list's.
    await expect(admin.getByText('1 company', { exact: true })).toBeVisible();
    await admin.getByRole('link', { name: companyName, exact: true }).click();
    await expect(admin.getByRole('heading', { level: 1, name: companyName })).toBeVisible();
    const account = admin.getByRole('region', { name: text.accountSection });
    await expect(account.getByText(text.holdOff)).toBeVisible();
    await account.getByRole('button', { name: text.grantTerms }).click();
    await expect(
      account.getByText('Credit limit is required (null removes the terms)'),
    ).toBeVisible();
    await expectAccessibleOn(admin);
    await account.getByLabel(text.daysLabel).selectOption({ label: text.daysOption(30) });
    await account.getByLabel(text.creditLimitLabel).fill('1000');
    await account.getByRole('button', { name: text.grantTerms }).click();
    await expect(admin.getByText(text.termsSaved)).toBeVisible();
    await expect(
      account.getByRole('definition').filter({ hasText: onAccountLabels.termsValue(30) }),
    ).toBeVisible();
    await expect(account.getByRole('button', { name: text.saveTerms })).toBeVisible();
    await expect(account.getByRole('button', { name: text.removeTerms })).toBeVisible();
    await expectAccessibleOn(admin);
    await shoot(admin, 'admin-company-terms');

    // The buyer pays by invoice, beside the card.
    await page.reload();
    const choice = page.getByRole('region', { name: onAccountLabels.payByInvoice(30) });
    await expect(choice).toBeVisible();
    await expect(page.getByRole('region', { name: 'Card payment' })).toBeVisible();
    await expect(choice.getByText(text.creditLeft(1000, 1000))).toBeVisible();
    await expectAccessible();
    await shoot(page, 'payment-choice');
    await choice.getByRole('button', { name: text.payByInvoiceButton }).click();
    await expect(page.getByRole('heading', { name: text.invoicedTitle })).toBeFocused();
    const invoiced = await readOrder(page, order._id);
    expect(invoiced.paymentStatus).toBe('invoiced');
    expect(invoiced.orderStatus).toBe('placed');
    const invoice = invoiced.invoice!;
    expect(invoice.number).toMatch(/^\d{4}-\d{6}$/);
    await expect(page.getByText(new RegExp(`Invoice ${invoice.number} is due by`))).toBeVisible();
    await expectAccessible();
    await shoot(page, 'payment-invoiced');

    // The order page says invoiced, with the invoice's number, due date and amount due.
    await page.getByRole('link', { name: text.viewOrder }).click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: orderPageMessages.numberTitle(order.orderNumber),
      }),
    ).toBeVisible();
    await expect(page.getByText('Invoiced', { exact: true }).first()).toBeVisible();
    const section = page.getByRole('region', { name: `${text.invoiceSection} ${invoice.number}` });
    await expect(section.getByText('$300', { exact: true })).toBeVisible();
    await expect(section.getByText(text.notDueYet)).toBeVisible();
    await expect(section.getByText(text.noPayments)).toBeVisible();
    await expect(page.getByRole('link', { name: orderPageMessages.payNow })).toHaveCount(0);
    await expectAccessible();
    await shoot(page, 'order-invoiced');

    // Its invoice PDF: terms, due date, the company's name and VAT id, the seller's bank details.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: orderPageMessages.downloadInvoice }).click();
    const file = path.join(testInfo.outputDir, 'invoice.pdf');
    await (await download).saveAs(file);
    const pdf = pdfText(file);
    expect(pdf).toContain(invoice.number);
    expect(pdf).toContain(companyName);
    expect(pdf).toContain(VAT_ID);
    expect(pdf).toContain(onAccountLabels.termsValue(30));
    expect(pdf).toMatch(/Due date/);
    const dueDay = new Date(invoice.dueAt);
    expect(pdf).toContain(String(dueDay.getUTCFullYear()));
    for (const line of E2E_BANK_DETAILS.split(';')) expect(pdf).toContain(line.trim());
    expect(pdf).toContain(onAccountLabels.quoteInvoiceNumber);

    // The statement, from the dashboard menu: the invoice open, the balance and credit left.
    await dashboardMenu(page).getByRole('link', { name: text.statementMenu }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: text.statementTitle(companyName) }),
    ).toBeVisible();
    const invoices = page.getByRole('region', { name: text.invoiceTable });
    const row = invoices.getByRole('row', { name: new RegExp(invoice.number) });
    await expect(row).toContainText('$300');
    await expect(row).toContainText(text.notDueYet);
    await expect(page.getByText('$700', { exact: true })).toBeVisible();
    await expectAccessible();
    await shoot(page, 'statement-open');
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: text.exportCsv }).click();
    const csvFile = path.join(testInfo.outputDir, 'statement.csv');
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^statement-[0-9a-f]+-gmbh-\d{4}-\d{2}-\d{2}\.csv$/);
    await csv.saveAs(csvFile);
    const csvText = readFileSync(csvFile, 'utf8');
    expect(csvText).toContain('Invoice number,Order,PO number,Issued,Due');
    expect(csvText).toContain(`${invoice.number},${order.orderNumber},,`);

    // The admin ships it (it may ship before it is paid), then records a first part: $100.
    await admin.goto(`/dashboard/manage?q=${order.orderNumber}`);
    await expect(admin.getByText('1 order', { exact: true })).toBeVisible();
    // Row actions name the order by its number (ux 2026-11-28 #32).
    const what = order.orderNumber;
    const adminRow = admin
      .getByRole('region', { name: 'Orders' })
      .getByRole('row')
      .filter({ has: admin.getByRole('link', { name: orderPageMessages.detailsLabel(what) }) });
    await expect(adminRow).toContainText('Invoiced');
    await expect(adminRow).toContainText('$300 due');
    await adminRow.getByRole('button', { name: `Ship Order: ${what}` }).click();
    await confirmIn(admin.getByRole('dialog'), confirmMessages.shipConfirm);
    await expect(adminRow.getByText('Shipped', { exact: true })).toBeVisible();
    await expectAccessibleOn(admin);
    await shoot(admin, 'manage-order-invoiced');

    let dialog = await recordPayment(admin, what, '400', `TRF-${hex(6)}`);
    // More than is due: said under the amount, and nothing is recorded.
    await dialog.getByRole('button', { name: text.recordPaymentConfirm }).click();
    await expect(
      dialog.getByText('The amount is more than the amount due ($300.00).'),
    ).toBeVisible();
    await expectAccessibleOn(admin);
    await shoot(admin, 'record-payment-dialog');
    await dialog.getByLabel(text.amountLabel).fill('100');
    const firstReference = `TRF-${hex(6)}`.toUpperCase();
    await dialog.getByLabel(text.referenceLabel).fill(firstReference);
    await confirmIn(dialog, text.recordPaymentConfirm);
    await expect(admin.getByText(text.paymentRecorded('$200'))).toBeVisible();
    await expect(adminRow).toContainText('$200 due');

    // The statement shows it still open, $200 due.
    await page.reload();
    await expect(row).toContainText('$200');
    await expect(page.getByText('$800', { exact: true })).toBeVisible();

    // The second part, from the admin's order page: the rest. The invoice is settled.
    await adminRow.getByRole('link', { name: orderPageMessages.detailsLabel(what) }).click();
    await expect(
      admin
        .getByRole('region', { name: `${text.invoiceSection} ${invoice.number}` })
        .getByText(firstReference),
    ).toBeVisible();
    dialog = await recordPayment(admin, what, '200', `TRF-${hex(6)}`.toUpperCase());
    await expect(dialog.getByText(text.recordPaymentText(invoice.number, '$200'))).toBeVisible();
    await confirmIn(dialog, text.recordPaymentConfirm);
    await expect(admin.getByText(text.invoiceSettled)).toBeVisible();
    const adminSection = admin.getByRole('region', {
      name: `${text.invoiceSection} ${invoice.number}`,
    });
    await expect(adminSection.getByText(text.paidInFull)).toBeVisible();
    await expect(
      adminSection.getByRole('region', { name: text.payments }).getByRole('row'),
    ).toHaveCount(3);
    await expect(admin.getByRole('button', { name: text.recordPaymentLabel(what) })).toHaveCount(0);
    await expectAccessibleOn(admin);
    await shoot(admin, 'admin-order-settled');

    const settled = await readOrder(page, order._id);
    expect(settled.paid).toBe(true);
    expect(settled.paymentStatus).toBe('paid');
    expect(settled.orderStatus).toBe('shipped');

    // The statement: nothing open, the whole credit back.
    await page.reload();
    await expect(page.getByText(text.noOpenInvoices)).toBeVisible();
    await expect(page.getByText('$1,000', { exact: true }).first()).toBeVisible();
    await expectAccessible();
    await shoot(page, 'statement-settled');

    // The company page: the member's account section and its way to the statement.
    await dashboardMenu(page).getByRole('link', { name: companyMenuLabels.company }).click();
    await expect(
      page
        .getByRole('region', { name: text.accountSection })
        .getByRole('link', { name: text.viewStatement }),
    ).toBeVisible();
    await expectAccessible();
    await shoot(page, 'company-account');
    expect(company.name).toBe(companyName);
    await admin.context().close();
  });

  test('a shop admin puts the company on hold, lifts it and removes its terms; the payment page follows', async ({
    page,
    browser,
    baseURL,
    expectAccessible,
  }) => {
    const companyName = `${hex()} KG`;
    const product = await aProduct(browser);
    await registerThroughPage(page, 'payonaccounthold');
    const company = await createCompany(page, companyName);
    const admin = await adminWindow(browser, baseURL!);
    await grantTerms(admin, company._id, 7, 2000);
    const order = await placeOrder(page, product, 1);

    // On hold by hand: the buyer is told why, with no invoice button; the card stays.
    await admin.goto(`/dashboard/companies/${company._id}`);
    const account = admin.getByRole('region', { name: text.accountSection });
    await account.getByRole('button', { name: text.putOnHold }).click();
    // The dialog asks the reason its members read (ux 2026-11-28 #34).
    await admin.getByRole('dialog').getByLabel(text.holdReasonLabel).fill('Credit review');
    await confirmIn(admin.getByRole('dialog'), text.putOnHold);
    await expect(admin.getByText(text.heldNow)).toBeVisible();
    await expect(account.getByText(text.holdOn)).toBeVisible();
    await expect(admin.getByText(text.onHoldAdminNotice)).toBeVisible();
    await expectAccessibleOn(admin);
    await shoot(admin, 'admin-company-on-hold');

    await page.goto(`/dashboard/payment/${order._id}`);
    const choice = page.getByRole('region', { name: onAccountLabels.payByInvoice(7) });
    await expect(choice.getByText(/on hold/)).toBeVisible();
    await expect(choice.getByRole('button', { name: text.payByInvoiceButton })).toHaveCount(0);
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectAccessible();
    await shoot(page, 'payment-choice-on-hold');

    // Lifted: the button is back.
    await account.getByRole('button', { name: text.liftHold }).click();
    await confirmIn(admin.getByRole('dialog'), text.liftHold);
    await expect(account.getByText(text.holdOff)).toBeVisible();
    await page.reload();
    await expect(choice.getByRole('button', { name: text.payByInvoiceButton })).toBeVisible();

    // Terms removed: only the card is left.
    await account.getByRole('button', { name: text.removeTerms }).click();
    await confirmIn(admin.getByRole('dialog'), text.removeTerms);
    await expect(admin.getByText(text.termsRemoved)).toBeVisible();
    await expect(account.getByRole('button', { name: text.grantTerms })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Pay by invoice/ })).toHaveCount(0);
    await admin.context().close();
  });

  test('the payment choice and the statement on a phone @phone', async ({
    page,
    browser,
    baseURL,
    expectAccessible,
  }) => {
    const companyName = `${hex()} AG`;
    const product = await aProduct(browser);
    await registerThroughPage(page, 'payonaccountphone');
    const company = await createCompany(page, companyName);
    const admin = await adminWindow(browser, baseURL!);
    await grantTerms(admin, company._id, 15, 250);
    await admin.context().close();

    // Over the credit: said before any try, and the card stays.
    const large = await placeOrder(page, product, 3);
    await page.goto(`/dashboard/payment/${large._id}`);
    const choice = page.getByRole('region', { name: onAccountLabels.payByInvoice(15) });
    await expect(choice.getByText(text.overCredit(300, 250))).toBeVisible();
    await expect(choice.getByRole('button', { name: text.payByInvoiceButton })).toHaveCount(0);
    await expectAccessible();

    const small = await placeOrder(page, product, 2);
    await page.goto(`/dashboard/payment/${small._id}`);
    await choice.scrollIntoViewIfNeeded();
    await expect(choice.getByText(text.creditLeft(250, 250))).toBeVisible();
    await choice.getByRole('button', { name: text.payByInvoiceButton }).tap();
    await expect(page.getByRole('heading', { name: text.invoicedTitle })).toBeVisible();
    await expectAccessible();

    // The statement, reached from the menu, its rows stacked as cards.
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: text.statementMenu }).tap();
    await expect(
      page.getByRole('heading', { level: 1, name: text.statementTitle(companyName) }),
    ).toBeVisible();
    const invoices = page.getByRole('region', { name: text.invoiceTable });
    await expect(invoices.getByRole('row')).toHaveCount(2);
    await expect(invoices).toContainText('$200');
    await expect(page.getByRole('button', { name: text.exportCsv })).toBeVisible();
    const box = await page.getByRole('button', { name: text.exportCsv }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(24);
    // Nothing runs off the side of the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible();
  });

  test('paying by invoice with the keyboard alone', async ({
    page,
    browser,
    baseURL,
    expectAccessible,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // Setting up (the product, the company, the terms, the order) is not part of the walk.
    const product = await aProduct(browser);
    await registerThroughPage(page, 'payonaccountkeys');
    const company = await createCompany(page, `${hex()} Keys`);
    const admin = await adminWindow(browser, baseURL!);
    await grantTerms(admin, company._id, 45, 5000);
    await admin.context().close();
    const order = await placeOrder(page, product, 2);

    await page.goto(`/dashboard/orders/${order._id}`);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: orderPageMessages.numberTitle(order.orderNumber),
      }),
    ).toBeVisible();
    await tabTo(page, orderPageMessages.payNow);
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('region', { name: onAccountLabels.payByInvoice(45) }),
    ).toBeVisible();
    await expectAccessible();
    // Past the card form to the choice beside it.
    await tabTo(page, text.payByInvoiceButton);
    await page.keyboard.press('Enter');
    // The outcome takes the focus, so it is read out; the ways on follow it.
    await expect(page.getByRole('heading', { name: text.invoicedTitle })).toBeFocused();
    await tabTo(page, text.viewOrder);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${order._id}$`));
    await expect(page.getByText('Invoiced', { exact: true }).first()).toBeVisible();
    await expectAccessible();

    // And back up to the dashboard menu, to the statement.
    await tabTo(page, text.statementMenu, { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /^Statement: / })).toBeVisible();
    await tabTo(page, text.exportCsv);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    await expectAccessible();
  });
});
