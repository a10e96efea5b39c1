import {
  formatPrice,
  messages,
  productFormMessages as form,
  productRuleMessages,
  productTermsMessages as terms,
} from '@shop/shared';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { logInThroughPage } from './support/flows.js';

/** The fields every product has, as the spec's Add Product form asks for them. */
async function fillBasics(page: Page, name: string) {
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Available Quantity').fill('500');
  await page.getByLabel('Description').fill('An 850 W power supply added by the B2B browser test.');
  await page.getByLabel('Image URL').fill('/images/products/powercore-750w-gold-modular.svg');
  await page.getByLabel('Price', { exact: true }).fill('80');
  await page.getByLabel('MinimumQuantity').fill('20');
}

test.describe('B2B catalog fields', () => {
  test('an admin adds a product with category, SKU, pack size, specs and price breaks', async ({
    page,
    expectAccessible,
  }) => {
    test.slow();
    const stamp = `${process.pid}-${Date.now()}`;
    const name = `E2E PowerCore 850W ${stamp}`;
    const sku = `E2E-PC850-${stamp}`;
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/addproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();

    await fillBasics(page, name);
    await page.getByLabel('Category').selectOption({ label: 'Power supplies' });
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Pack size').fill('10');
    await expect(page.getByLabel('Pack size')).toHaveAccessibleDescription(form.packSizeHint);

    await page.getByRole('button', { name: `+ ${form.addSpec}` }).click();
    // The new row takes the focus, so a keyboard user types straight into it.
    await expect(page.getByLabel(form.specName(1))).toBeFocused();
    await page.getByLabel(form.specName(1)).fill('Wattage');
    await page.getByLabel(form.specValue(1)).fill('850 W');
    await page.getByRole('button', { name: `+ ${form.addSpec}` }).click();
    await page.getByLabel(form.specName(2)).fill('Efficiency');
    await page.getByLabel(form.specValue(2)).fill('80 PLUS Gold');

    // A break dearer than the price is refused on its own input, before anything is sent.
    await page.getByRole('button', { name: `+ ${form.addPriceBreak}` }).click();
    await page.getByLabel(form.breakQty(1)).fill('50');
    await page.getByLabel(form.breakPrice(1)).fill('85');
    await page.getByRole('button', { name: `+ ${form.addPriceBreak}` }).click();
    await page.getByLabel(form.breakQty(2)).fill('100');
    await page.getByLabel(form.breakPrice(2)).fill('70');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByLabel(form.breakPrice(1))).toHaveAccessibleDescription(
      productRuleMessages.breakPriceBelowPrice,
    );
    await expect(page.getByLabel(form.breakPrice(1))).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();

    await page.getByLabel(form.breakPrice(1)).fill('75');
    await expect(page.getByText(productRuleMessages.breakPriceBelowPrice)).toBeHidden();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.productAdded)).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue('');
    await expect(page.getByLabel(form.specName(1))).toHaveCount(0);

    // The same SKU again is refused by the server, under SKU.
    await fillBasics(page, `${name} again`);
    await page.getByLabel('SKU').fill(sku);
    await page.getByLabel('Pack size').fill('10');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByLabel('SKU')).toHaveAccessibleDescription(productRuleMessages.skuTaken);

    // The card says the terms.
    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByText(formatPrice(80), { exact: true })).toBeVisible();
    await expect(card.getByText('Power supplies', { exact: true })).toBeVisible();
    await expect(card.getByText(terms.sku(sku))).toBeVisible();
    await expect(card.getByText(terms.packSize(10))).toBeVisible();
    await expect(card.getByRole('list', { name: `${terms.volumePrices}:` })).toHaveText(
      [terms.priceBreak(50, formatPrice(75)), terms.priceBreak(100, formatPrice(70))].join(''),
    );
    await card.scrollIntoViewIfNeeded();
    await expectAccessible();

    // Edit Product shows what was saved.
    await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('region', { name: 'Products' }).getByRole('row').filter({
      hasText: name,
    });
    await expect(row.getByRole('rowheader')).toContainText(terms.sku(sku));
    await expect(row.getByRole('cell', { name: 'Power supplies' })).toBeVisible();
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog.getByLabel('Category')).toHaveValue('power-supplies');
    await expect(dialog.getByLabel('SKU')).toHaveValue(sku);
    await expect(dialog.getByLabel('Pack size')).toHaveValue('10');
    await expect(dialog.getByLabel(form.specValue(2))).toHaveValue('80 PLUS Gold');
    await expect(dialog.getByLabel(form.breakPrice(2))).toHaveValue('70.00');
    await expectAccessible();
  });

  test('the demo catalog shows its cartons and volume prices @phone', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/products');
    const card = page.getByRole('article').filter({ hasText: 'ForgeLine M3 ATX Mid-Tower Case' });
    await expect(card.getByText(terms.sku('CF-M3-ATX'))).toBeVisible();
    await expect(card.getByText(terms.packSize(10))).toBeVisible();
    await expect(card.getByText(terms.priceBreak(100, formatPrice(45)))).toBeVisible();
    await expectAccessible();
  });
});
