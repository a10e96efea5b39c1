import { messages } from '@shop/shared';
import { demoProducts, type DemoProduct } from '../apps/server/src/db/seed/demo-data.js';
import { expect, expectToastShown, test } from './support/fixtures.js';
import { registerThroughPage } from './support/flows.js';

/*
 * Issue 12: the answer to an order can be lost on the way back (a dropped connection) after the
 * shop placed it. The customer, told the shop could not be reached, presses Order again: the
 * same filled form carries the same Idempotency-Key, so the shop answers with the order it
 * already placed instead of placing a second one.
 */
const item: DemoProduct = demoProducts[2]!;

test('pressing Order again after a lost answer places one order', async ({
  page,
  expectAccessible,
}) => {
  await registerThroughPage(page);
  await page.goto('/products');
  await page.getByRole('link', { name: `Order Now: ${item.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();

  // The first order reaches the shop, but its answer never reaches the browser.
  let lost = 0;
  await page.route('**/api/order', async (route) => {
    if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });

  await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
  await page.getByLabel('Address', { exact: true }).fill('1 Retry Road, Springfield');
  await page.getByLabel('Quantity').fill(String(item.minquantity));
  const order = page.getByRole('button', { name: 'Order', exact: true });
  await order.click();
  await expect(
    page.getByText('The shop could not be reached. Check your connection.'),
  ).toBeVisible();
  await expectAccessible();

  await order.click();
  await expectToastShown(page, messages.orderSuccess);
  expect(lost).toBe(1);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Order' })).toBeVisible();
  const rows = page
    .getByRole('region', { name: 'My orders' })
    .getByRole('row')
    .filter({ hasText: item.name });
  await expect(rows).toHaveCount(1);
  await expectAccessible();
});
