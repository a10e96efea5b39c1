import type { Browser, Page } from '@playwright/test';
import {
  accountPageMessages as account,
  companyMenuLabels,
  companyPageMessages,
  quickOrderMessages as quick,
  type Company,
  type Order,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { logInThroughPage, registerThroughPage } from './support/flows.js';
import { addTestProducts, type TestProduct } from './support/order-list.js';
import { hex, shooter, token } from './support/walk.js';

/*
 * Issue 33 points 4 and 6 (ux 2026-11-28 #5, #17, #18): money and quantities as people type them
 * (`2,000` read, `2.500` refused naming the field, `PC-550-BR<TAB>1,000` in quick order), and the
 * statement as an account statement: opening balance, invoices, payments, closing balance.
 */

const SHOTS = 'test-results/shots/typed-numbers';

const shoot = shooter(SHOTS);

const dashboardMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

async function aProduct(browser: Browser): Promise<TestProduct & { sku: string }> {
  const sku = `TN-${hex(8)}`.toUpperCase();
  const [product] = await addTestProducts(
    browser,
    [{ price: 10, minquantity: 1, increment: 1, aqty: 5000, priceBreaks: [], sku }],
    hex(6),
  );
  return { ...product!, sku };
}

async function createCompany(page: Page, name: string): Promise<Company> {
  const response = await page.request.post('/api/companies', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { name, vatId: 'DE123456789', billingAddress: `${name}\n1 Ledger Lane\n20457 Hamburg` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { company: Company }).company;
}

test.describe('numbers as people type them, and the account statement', () => {
  test.describe.configure({ timeout: 150_000 });

  test('ux 2026-11-28 #5: an order limit of "2.500" is refused naming the field; "2,000" is read', async ({
    page,
    expectAccessible,
  }) => {
    await registerThroughPage(page, 'limitadmin');
    await createCompany(page, `${hex()} Limits`);
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: companyMenuLabels.company }).click();
    const invite = page.getByRole('region', { name: companyPageMessages.inviteTitle });
    const limit = invite.getByLabel(companyPageMessages.orderLimitLabel);
    await invite.getByLabel(companyPageMessages.inviteEmailLabel).fill(`tn-${hex()}@example.com`);
    await limit.fill('2.500');
    await invite.getByRole('button', { name: companyPageMessages.invite }).click();
    const ambiguous = 'Order limit: “2.500” can be read two ways (2,500 or 2.5); write 2500 or 2.5';
    await expect(invite.getByText(ambiguous)).toBeVisible();
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
    await shoot(page, 'invite-limit-ambiguous');

    // "2,000" passes the field (an unconfirmed admin is then asked to confirm their address).
    await limit.fill('2,000');
    await invite.getByRole('button', { name: companyPageMessages.invite }).click();
    await expect(invite.getByRole('alert')).toBeVisible();
    await expect(invite.getByText(ambiguous)).toBeHidden();
    await expect(limit).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('ux 2026-11-28 #18: quick order reads "SKU<TAB>1,000" as 1,000', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const product = await aProduct(browser);
    await page.goto('/quick-order');
    await expect(page.getByText(quick.linesHint)).toBeVisible();
    await page.getByLabel(quick.linesLabel).fill(`${product.sku}\t1,000\n${product.sku}X 1.000`);
    await page.getByRole('button', { name: quick.check }).click();
    const results = page.getByRole('region', { name: quick.resultsHeading });
    const row = results.getByRole('row').filter({ hasText: product.sku });
    await expect(row.first()).toContainText('1,000');
    await expect(row.first()).toContainText(quick.ok);
    await expect(
      page.getByText(quick.ambiguousQuantity('1.000', [1000, 1]), { exact: false }),
    ).toBeVisible();
    await expectAccessible();
    await shoot(page, 'quick-order-thousands');
  });

  test('ux 2026-11-28 #17: the statement lists invoices and payments between the balances', async ({
    page,
    browser,
    baseURL,
    expectAccessible,
  }) => {
    const product = await aProduct(browser);
    await registerThroughPage(page, 'statementboss');
    const company = await createCompany(page, `${hex()} Ledger`);
    const adminContext = await browser.newContext({ baseURL });
    const admin = await adminContext.newPage();
    await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const adminAuth = { authorization: `Bearer ${await token(admin)}` };
    const terms = await admin.request.put(`/api/companies/${company._id}/terms`, {
      headers: adminAuth,
      data: { days: 30, creditLimit: '10,000' },
    });
    expect(terms.status(), await terms.text()).toBe(200);

    const auth = { authorization: `Bearer ${await token(page)}` };
    const placed = await page.request.post('/api/orders', {
      headers: auth,
      data: {
        lines: [{ productId: product._id, quantity: 12 }],
        phone: '+49 40 123456',
        address: '1 Ledger Lane\n20457 Hamburg',
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as { order: Order }).order;
    const invoiced = await page.request.post(`/api/orders/${order._id}/invoice-payment`, {
      headers: auth,
    });
    expect(invoiced.status(), await invoiced.text()).toBe(200);
    const paid = await admin.request.post(`/api/orders/${order._id}/invoice-payments`, {
      headers: adminAuth,
      data: { amount: '20', reference: 'BANK-TN-1', receivedAt: new Date().toISOString() },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    await adminContext.close();

    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: account.statementMenu }).click();
    await expect(page.getByRole('heading', { name: account.accountHeading })).toBeVisible();
    const table = page.getByRole('region', { name: account.accountTable });
    const rows = table.getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(order.orderNumber);
    await expect(rows.nth(1)).toContainText('$120');
    await expect(rows.nth(2)).toContainText('BANK-TN-1');
    await expect(rows.nth(2)).toContainText('$100');
    await expect(page.getByText(/^Closing balance/)).toBeVisible();
    await expectAccessible();
    await shoot(page, 'account-statement');

    // Another period: the day after today opens on the balance, with nothing in it.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('textbox', { name: account.periodFrom, exact: true }).fill(tomorrow);
    await page.getByRole('textbox', { name: account.periodTo, exact: true }).fill(tomorrow);
    await page.getByRole('button', { name: account.showPeriod }).click();
    await expect(page.getByText(account.noEntries)).toBeVisible();
    await expectAccessible();
  });
});
