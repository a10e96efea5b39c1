import type { Page } from '@playwright/test';
import { buyerDetailMessages, messages } from '@shop/shared';
import { demoProducts, type DemoProduct } from '../apps/server/src/db/seed/demo-data.js';
import { expect, expectToastShown, test } from './support/fixtures.js';
import { registerThroughPage } from './support/flows.js';

/*
 * Issue 12: a repeat buyer keeps their details on My Profile and the order form starts with
 * them. Tests share one database and run in parallel: products 7 and 8 are ordered only here
 * (orders.spec.ts compares the stock of the others within its tests).
 */
const profileProduct: DemoProduct = demoProducts[7]!;
const lastOrderProduct: DemoProduct = demoProducts[8]!;

const ADDRESS_LINES = ['Acme Cases Ltd', 'Unit 4, Dock Road', 'Leeds LS1 4AP'];

async function openProfile(page: Page) {
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  return {
    card: page.getByRole('region', { name: 'Current Profile!' }),
    form: page.getByRole('region', { name: 'Update Profile' }),
  };
}

/** The value the profile card shows under a label, as the reader sees it (line breaks kept). */
function cardValue(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Current Profile!' })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** Fills My Profile's buyer details and waits for the update to be confirmed. */
async function fillBuyerDetails(page: Page) {
  const { form } = await openProfile(page);
  await form.getByLabel('Company').fill('Acme Cases Ltd');
  await form.getByLabel('VAT number').fill('gb 123.4567.89');
  await form.getByLabel('Phone', { exact: true }).fill('+44 113 496 0000');
  await form.getByLabel('Default shipping address').fill(ADDRESS_LINES.join('\n'));
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(messages.profileUpdated)).toBeVisible();
  // The form shows the profile as it is now, not empty fields (issue 22, defect 25).
  await expect(form.getByLabel('Company')).toHaveValue('Acme Cases Ltd');
  await expect(form.getByLabel('VAT number')).toHaveValue('GB123456789');
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: `test-results/shots/checkout-ux/profile-updated-${width}.png`,
    fullPage: true,
  });
}

async function expectBuyerDetailsOnCard(page: Page) {
  await expect(cardValue(page, 'Company')).toHaveText('Acme Cases Ltd');
  await expect(cardValue(page, 'VAT number')).toHaveText('GB123456789');
  await expect(cardValue(page, 'Phone')).toHaveText('+44 113 496 0000');
  // Shown on three lines, as typed.
  expect(await cardValue(page, 'Default shipping address').innerText()).toBe(
    ADDRESS_LINES.join('\n'),
  );
}

async function openOrderPage(page: Page, item: DemoProduct) {
  await page.goto('/products');
  await page.getByRole('link', { name: `Order Now: ${item.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
}

test.describe('buyer details', () => {
  test('a buyer saves their details, and the order form starts with them', async ({
    page,
    expectAccessible,
  }) => {
    await registerThroughPage(page, 'buyer');
    const { card, form } = await openProfile(page);
    for (const label of ['Company', 'VAT number', 'Phone', 'Default shipping address']) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    await expect(cardValue(page, 'Default shipping address')).toHaveText('Not added yet');
    await expectAccessible();

    // A VAT number without its country is explained under the field, like the other errors.
    await form.getByLabel('VAT number').fill('123456789');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByText(buyerDetailMessages.vatNumberInvalid)).toBeVisible();
    await expect(form.getByLabel('VAT number')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();

    await fillBuyerDetails(page);
    await expectBuyerDetailsOnCard(page);
    await page.reload();
    await expect(card).toBeVisible();
    await expectBuyerDetailsOnCard(page);

    await openOrderPage(page, profileProduct);
    const phone = page.getByLabel('Phone', { exact: true });
    const address = page.getByLabel('Address', { exact: true });
    await expect(phone).toHaveValue('+44 113 496 0000');
    await expect(address).toHaveValue(ADDRESS_LINES.join('\n'));
    await expectAccessible();

    // The buyer can still send this one somewhere else.
    await address.fill('Acme Cases Ltd\nSite B, Mill Lane\nBradford BD1 1AA');
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await expectToastShown(page, messages.orderSuccess);
    // On to its payment page (ux 2026-11-28 #10); back on the form, it starts again from the
    // saved details.
    await page.waitForURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await page.goBack();
    await expect(address).toHaveValue(ADDRESS_LINES.join('\n'));

    await page.goto('/dashboard');
    await expect(
      page.getByRole('region', { name: 'My orders' }).getByRole('row').nth(1),
    ).toBeVisible();
  });

  test("without saved details, the order form starts with the last order's", async ({ page }) => {
    await registerThroughPage(page, 'repeat');
    await openOrderPage(page, lastOrderProduct);
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('');
    await page.getByLabel('Phone', { exact: true }).fill('+1 555 0142');
    await page.getByLabel('Address', { exact: true }).fill('12 Harbour Street\nPortsmouth');
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await expectToastShown(page, messages.orderSuccess);
    // On to its payment page (ux 2026-11-28 #10); the order form opened again starts from it.
    await page.waitForURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await page.goBack();
    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+1 555 0142');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(
      '12 Harbour Street\nPortsmouth',
    );
  });

  test('a buyer keeps their details on a phone @phone', async ({ page, expectAccessible }) => {
    await registerThroughPage(page, 'phone-buyer');

    await fillBuyerDetails(page);
    await expectBuyerDetailsOnCard(page);
    await page.reload();
    await expectBuyerDetailsOnCard(page);
    await expectAccessible();
  });
});
