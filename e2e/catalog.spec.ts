import {
  formatPrice,
  HOME_REVIEW_COUNT,
  messages,
  orderHoldMessages,
  previewText,
} from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, expectToastShown, test } from './support/fixtures.js';
import {
  confirmIn,
  confirmUntil,
  logInThroughPage,
  logOut,
  registerThroughPage,
} from './support/flows.js';

/** A real 1×1 PNG: the server tells the image type by its first bytes. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('catalog admin', () => {
  test('an admin adds, edits and deletes a product', async ({ page, expectAccessible }) => {
    const name = `E2E Test Case ${process.pid}-${Date.now()}`;
    const description = 'A mid-tower case added by the browser tests, then deleted again.';
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);

    // Add Product: a bad product first (no image, price 0), then a good one.
    await page.goto('/addproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();
    await expectAccessible();
    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Available Quantity').fill('40');
    await page.getByLabel('Description').fill(description);
    await page.getByLabel('Price').fill('0');
    await page.getByLabel('MinimumQuantity').fill('5');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Image URL is required')).toBeVisible();
    await expect(page.getByText('Price must be more than 0')).toBeVisible();
    await expect(page.getByLabel('Image URL')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();

    await page
      .getByLabel('Or upload an image')
      .setInputFiles({ name: 'case.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(page.getByLabel('Image URL')).toHaveValue(/^\/uploads\/[\w.-]+$/);
    await expect(page.getByRole('img', { name: 'Uploaded image preview' })).toBeVisible();
    await page.getByLabel('Price').fill('42');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.productAdded)).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue('');

    // The same page under the dashboard.
    await page.goto('/dashboard/addproduct');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Product' })).toBeVisible();

    // A buyer finds it by its name: other tests' products may fill the first page.
    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card.getByRole('heading', { name })).toBeVisible();
    await expect(card.getByText(formatPrice(42), { exact: true })).toBeVisible();

    // Manage Product: the row (searched for), then an edit.
    await page.goto('/dashboard/manageproduct');
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Manage All Product here' }),
    ).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('img', { name })).toBeVisible();
    await expect(row.getByText(previewText(description), { exact: true })).toBeVisible();
    await expect(row.getByText(formatPrice(42), { exact: true })).toBeVisible();
    await expectAccessible();

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await expect(dialog.getByLabel('Product Name')).toHaveValue(name);
    await expectAccessible();
    await dialog.getByLabel('Price').fill('0');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Price must be more than 0')).toBeVisible();
    await dialog.getByLabel('Price').fill('55.5');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product updated!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText(formatPrice(55.5), { exact: true })).toBeVisible();

    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(card.getByText(formatPrice(55.5), { exact: true })).toBeVisible();

    // Delete, through the confirmation dialog.
    await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(name)}`);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: messages.deleteTitle });
    await expect(confirm.getByText(messages.deleteProductText(name))).toBeVisible();
    await confirmIn(confirm, messages.deleteConfirm);
    await expect(page.getByRole('heading', { name: messages.deleted })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(row).toHaveCount(0);

    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Our Tools' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `No products match "${name}"` })).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("deleting a product with an unpaid order archives it and cancels the order, which the customer sees as 'Cancelled'", async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const name = `E2E Archived Case ${process.pid}-${Date.now()}`;
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/addproduct');
    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Available Quantity').fill('40');
    await page.getByLabel('Description').fill('A case ordered, never paid, then taken off sale.');
    await page.getByLabel('Price').fill('1290');
    await page.getByLabel('MinimumQuantity').fill('1');
    await page.getByLabel('Image URL').fill('/images/products/vortex-rgb-gaming.svg');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.productAdded)).toBeVisible();

    // A customer, in a browser of their own, orders it and does not pay.
    const shopper = await browser.newContext();
    const customerPage = await shopper.newPage();
    await registerThroughPage(customerPage, 'archive');
    await customerPage.goto(`/products?q=${encodeURIComponent(name)}`);
    await customerPage.getByRole('link', { name: `Order Now: ${name}` }).click();
    await customerPage.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await customerPage.getByLabel('Address', { exact: true }).fill('1 Test Street, Springfield');
    await customerPage.getByLabel('Quantity').fill('1');
    await customerPage.getByRole('button', { name: 'Order', exact: true }).click();
    await expectToastShown(customerPage, messages.orderSuccess);
    await customerPage.goto('/dashboard');
    const myRow = customerPage
      .getByRole('region', { name: 'My orders' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(myRow.getByText(/^Pay within \d+ min$/)).toBeVisible();

    // The admin is told what deleting does before confirming.
    await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: messages.deleteTitle });
    await expect(confirm.getByText(/1 unpaid order will be cancelled/)).toBeVisible();
    await expect(confirm.getByText(/it will be archived/)).toBeVisible();
    await confirmIn(confirm, messages.deleteConfirm);
    await expect(
      page.getByText('The product was archived. 1 unpaid order cancelled.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(row).toHaveCount(0);

    // Manage Order shows it cancelled, with nothing to do.
    await page.goto(`/dashboard/manage?q=${encodeURIComponent(name)}`);
    const orderRow = page
      .getByRole('region', { name: 'Orders' })
      .getByRole('row')
      .filter({ hasText: name });
    // Its payment and its status both say so (one set of status words, issue 22).
    await expect(orderRow.getByText(orderHoldMessages.cancelled, { exact: true })).toHaveCount(2);
    await expect(orderRow.getByRole('button')).toHaveCount(0);
    await expectAccessible();

    // The customer sees 'Cancelled', with no Pay and no Delete.
    await customerPage.reload();
    await expect(myRow.getByText(orderHoldMessages.cancelled).first()).toBeVisible();
    await expect(myRow.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
    await expect(myRow.getByRole('button')).toHaveCount(0);
    await shopper.close();
  });

  test('a customer cannot open the admin pages', async ({ page }) => {
    await registerThroughPage(page, 'nonadmin');
    await page.goto('/dashboard/manageproduct');
    await expect(page.getByRole('heading', { name: 'Manage All Product here' })).toHaveCount(0);
  });
});

test.describe('my review', () => {
  // Both write a review that must be the newest on the home page while they look at it.
  test.describe.configure({ mode: 'serial' });

  test('a customer writes a review and sees it first on the home page', async ({
    page,
    expectAccessible,
  }) => {
    const customer = await registerThroughPage(page, 'reviewer');
    await page.goto('/dashboard/review');
    await expect(page.getByRole('heading', { name: 'Add New Review' })).toBeVisible();
    const rating = page.getByLabel('Rating (out of 5)');
    const review = page.getByLabel('Review', { exact: true });
    const submit = page.getByRole('button', { name: 'Add Review' });
    await expect(page.getByText(messages.ratingHint)).toBeVisible();
    await expectAccessible();

    await submit.click();
    await expect(page.getByText(messages.ratingRequired)).toBeVisible();
    await expect(page.getByText(messages.reviewRequired)).toBeVisible();
    await expectAccessible();

    await rating.fill('6');
    await review.fill('Good case.');
    await submit.click();
    await expect(page.getByText(messages.ratingHint)).toBeVisible();
    await expect(rating).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(messages.reviewTooShort)).toBeVisible();

    const text = `Solid build, quiet fans and it arrived in two days. Review ${Date.now()}.`;
    await rating.fill('4');
    await review.fill(text);
    await submit.click();
    await expect(page.getByText(messages.reviewAdded)).toBeVisible();
    await expect(review).toHaveValue('');
    await expect(rating).toHaveValue('');

    await page.goto('/');
    const first = page
      .getByRole('region', { name: 'Customer Review' })
      .getByRole('article')
      .first();
    await expect(first.getByText(text)).toBeVisible();
    await expect(first.getByText('4 out of 5')).toBeVisible();
    await expect(first.getByText(customer.name)).toBeVisible();
    await expectAccessible();
  });

  test('an admin deletes a review from the home page after confirming', async ({
    page,
    expectAccessible,
  }) => {
    const customer = await registerThroughPage(page, 'reviewer');
    await page.goto('/dashboard/review');
    const text = `Spam spam spam, visit my site for cheap cases right now. Review ${Date.now()}.`;
    await page.getByLabel('Rating (out of 5)').fill('5');
    await page.getByLabel('Review', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Add Review' }).click();
    await expect(page.getByText(messages.reviewAdded)).toBeVisible();

    // A customer sees no Delete button.
    await page.goto('/');
    const reviews = page.getByRole('region', { name: 'Customer Review' });
    await expect(reviews.getByText(text)).toBeVisible();
    await expect(reviews.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await logOut(page);
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/');
    const card = reviews.getByRole('article').filter({ hasText: text });
    const remove = card.getByRole('button', { name: `Delete the review by ${customer.name}` });
    await expect(remove).toBeVisible();
    await expectAccessible();

    await remove.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(messages.deleteTitle);
    await expect(dialog).toContainText(messages.deleteReviewText(customer.name));
    await confirmUntil(
      dialog,
      messages.deleteConfirm,
      dialog.getByRole('heading', { name: messages.deleted }),
    );
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(reviews.getByText(text)).toHaveCount(0);
    await expect(reviews.getByRole('article')).toHaveCount(HOME_REVIEW_COUNT);

    // Older reviews are reached from the dashboard, a page at a time.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Manage Reviews' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Reviews' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Reviews' });
    await expect(
      table.getByRole('button', { name: /^Delete the review by/ }).first(),
    ).toBeVisible();
    await expect(table.getByText(text)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await expectAccessible();
  });
});
