import type { Browser, Page } from '@playwright/test';
import {
  accountPageMessages,
  ORDER_LIST_STORAGE_KEY,
  paymentChoiceMessages,
  type Company,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { logInThroughPage, registerThroughPage } from './support/flows.js';
import { addTestProducts, type TestProduct } from './support/order-list.js';
import { hex, shooter, token } from './support/walk.js';

/*
 * Issue 33 point 2 (ux 2026-11-28 #9, #10, #14): a member of a company with payment terms places
 * an order on account at the checkout and on Order Now, in one step: each goes on to the payment
 * page, which names the order number and shows it invoiced, with no timer. Card is still there.
 */

const SHOTS = 'test-results/shots/company-orders';

const shoot = shooter(SHOTS);

async function aProduct(browser: Browser): Promise<TestProduct> {
  const [product] = await addTestProducts(
    browser,
    [{ price: 100, minquantity: 1, increment: 1, aqty: 500, priceBreaks: [] }],
    hex(6),
  );
  return product!;
}

/** A company of the buyer's own (its admin), with net 30 up to $5,000 granted by the shop admin. */
async function companyWithTerms(page: Page, browser: Browser, baseURL: string, name: string) {
  const created = await page.request.post('/api/companies', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { name, vatId: 'DE123456789', billingAddress: `${name}\n1 Ledger Lane\n20457 Hamburg` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { company } = (await created.json()) as { company: Company };
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  const terms = await admin.request.put(`/api/companies/${company._id}/terms`, {
    headers: { authorization: `Bearer ${await token(admin)}` },
    data: { days: 30, creditLimit: 5000 },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  await context.close();
  return company;
}

test.describe('company orders on account', () => {
  // Two pages, a checkout and an axe check on each: minutes on a busy two-core machine.
  test.describe.configure({ timeout: 480_000 });

  test('ux 2026-11-28 #14, #9, #10: on account from the checkout and from Order Now, in one step', async ({
    page,
    browser,
    baseURL,
    expectAccessible,
  }) => {
    const product = await aProduct(browser);
    await registerThroughPage(page, 'onaccount');
    const name = `${hex()} GmbH`;
    await companyWithTerms(page, browser, baseURL!, name);

    // Order Now with the quantity the card carries: the choice beside card.
    await page.goto(`/order/${product._id}?qty=3`);
    await expect(page.getByLabel('Quantity')).toHaveValue('3');
    await page.getByLabel('Phone', { exact: true }).fill('+49 40 123456');
    await page.getByLabel('Address', { exact: true }).fill('1 Ledger Lane\n20457 Hamburg');
    const card = page.getByRole('radio', { name: paymentChoiceMessages.card });
    const onAccount = page.getByRole('radio', { name: paymentChoiceMessages.onAccount(30) });
    await expect(card).toBeChecked();
    await onAccount.check();
    await expectAccessible();
    await shoot(page, 'order-now-on-account');
    await page.getByRole('button', { name: paymentChoiceMessages.placeOnAccount }).click();

    // Straight to the payment page: invoiced, named by its number, no timer, no Pay.
    await page.waitForURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: /^pay for CF-\d+$/ })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: accountPageMessages.invoicedTitle }),
    ).toBeVisible();
    await expect(page.getByText(/Pay within/)).toHaveCount(0);
    await expectAccessible();
    await shoot(page, 'payment-invoiced');

    // Back on Order Now: the order placed from it shows as placed.
    await page.goBack();
    await expect(page.getByRole('status').filter({ hasText: /CF-\d+/ })).toBeVisible();
    await expectAccessible();

    // The checkout: the order list placed on account.
    await page.evaluate(([key, line]) => localStorage.setItem(key, JSON.stringify([line])), [
      ORDER_LIST_STORAGE_KEY,
      { productId: product._id, quantity: 2, name: product.name },
    ] as [string, { productId: string; quantity: number; name: string }]);
    await page.goto('/checkout');
    await page.getByLabel('Phone', { exact: true }).fill('+49 40 123456');
    await page.getByLabel('Address', { exact: true }).fill('1 Ledger Lane\n20457 Hamburg');
    await page.getByRole('radio', { name: paymentChoiceMessages.onAccount(30) }).check();
    await expectAccessible();
    await shoot(page, 'checkout-on-account');
    await page.getByRole('button', { name: paymentChoiceMessages.placeOnAccount }).click();
    await page.waitForURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await expect(
      page.getByRole('heading', { name: accountPageMessages.invoicedTitle }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^pay for CF-\d+$/ })).toBeVisible();
    await expectAccessible();
  });
});
