import type { Browser, Page } from '@playwright/test';
import { confirmMessages, formatPrice, messages, stockMessages } from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, expectToastShown, test } from './support/fixtures.js';
import {
  confirmUntil,
  logInThroughPage,
  registerThroughPage,
  fillMarkPaid,
} from './support/flows.js';

/*
 * Issue 12: errors that say what happened, whole-number quantities, the card form and the paid
 * state. Each test adds the products it orders (tests run in parallel on one database), so the
 * demo products' stock other specs read stays as it was.
 */

const DECLINED_CARD = '4000000000000002';
const NETWORK_FAILURE = 'The shop could not be reached. Check your connection.';

interface NewProduct {
  aqty: number;
  minquantity: number;
  price?: number;
}

let productCounter = 0;

/** Adds a product through Add Product as the admin (already signed in) and returns its name. */
async function addProduct(admin: Page, { aqty, minquantity, price = 10 }: NewProduct) {
  productCounter += 1;
  // Unique in its first characters: the order tables show only a preview of the name.
  const unique = `${(process.pid % 4096).toString(16)}${Date.now().toString(16).slice(-6)}${productCounter}`;
  const name = `${unique} Issue 12 test case`;
  await admin.goto('/addproduct');
  await admin.getByLabel('Product Name').fill(name);
  await admin.getByLabel('Available Quantity').fill(String(aqty));
  await admin.getByLabel('Description').fill('A case added by the issue 12 browser tests.');
  await admin.getByLabel('Image URL').fill('/images/products/vortex-rgb-gaming.svg');
  await admin.getByLabel('Price').fill(String(price));
  await admin.getByLabel('MinimumQuantity').fill(String(minquantity));
  await admin.getByRole('button', { name: 'Add Product' }).click();
  await expect(admin.getByText(messages.productAdded)).toBeVisible();
  return name;
}

/** A signed-in admin in a browser context of its own. */
async function adminPage(browser: Browser): Promise<Page> {
  // A desktop window even beside a phone test: the admin's menu is then always open.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    isMobile: false,
    hasTouch: false,
  });
  const page = await context.newPage();
  await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
  return page;
}

/** A product added by the admin in a window of its own, closed again: its name. */
async function productFromAdmin(browser: Browser, product: NewProduct): Promise<string> {
  const admin = await adminPage(browser);
  try {
    return await addProduct(admin, product);
  } finally {
    await admin.context().close();
  }
}

/** From the products page to the product's order page, as a customer does. */
async function openOrderPage(page: Page, name: string) {
  // Found by its name: other tests' products may fill the first page of the catalog.
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Order Now: ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function fillOrder(page: Page, quantity: number) {
  await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
  await page.getByLabel('Address', { exact: true }).fill('1 Test Street, Springfield');
  await page.getByLabel('Quantity').fill(String(quantity));
}

/** Orders the product and returns the new order's id, read from its Pay link in My Order. */
async function placeOrder(page: Page, name: string, quantity: number): Promise<string> {
  await openOrderPage(page, name);
  await fillOrder(page, quantity);
  await page.getByRole('button', { name: 'Order', exact: true }).click();
  await expectToastShown(page, messages.orderSuccess);
  await page.goto('/dashboard');
  const pay = page
    .getByRole('region', { name: 'My orders' })
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('link', { name: /^Pay for CF-\d+$/ });
  const href = (await pay.getAttribute('href')) ?? '';
  const id = /payment\/([0-9a-f]{24})$/.exec(href)?.[1];
  expect(id).toBeDefined();
  return id!;
}

test.describe('issue 12: errors, forms and the payment page', () => {
  // Each test adds its own product as the admin and signs a customer up first.
  test.describe.configure({ timeout: 120_000 });

  test('a product whose stock is below its minimum offers no order, on its card or its page', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const name = await productFromAdmin(browser, { aqty: 60, minquantity: 50 });

    await registerThroughPage(page, 'stock');
    await openOrderPage(page, name);
    await fillOrder(page, 50);
    const orderUrl = page.url();
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    await expectToastShown(page, messages.orderSuccess);
    // On to its payment page, as the checkout does (ux 2026-11-28 #10).
    await page.waitForURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);

    await page.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card.getByText(stockMessages.notEnoughForMinimum(50))).toBeVisible();
    await expect(card.getByText('Not enough stock for the minimum order of 50')).toBeVisible();
    await expect(card.getByRole('link', { name: /Order Now/ })).toHaveCount(0);
    await expectAccessible();

    await page.goto(orderUrl);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(stockMessages.notEnoughForMinimum(50))).toBeVisible();
    await expect(page.getByLabel('Quantity')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Order', exact: true })).toHaveCount(0);
    await expectAccessible();
  });

  test("an unknown order is the not-found page, another customer's order the permission message, and only a network failure offers Retry", async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const name = await productFromAdmin(browser, { aqty: 100, minquantity: 1 });

    await registerThroughPage(page, 'owner');
    const orderId = await placeOrder(page, name, 2);

    // An order id no one has.
    await page.goto('/dashboard/payment/0123456789abcdef01234567');
    await expect(page.getByRole('heading', { name: messages.notFound })).toBeVisible();
    await expect(page.getByText(/check your connection/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expectAccessible();

    // An unknown product id too.
    await page.goto('/order/0123456789abcdef01234567');
    await expect(page.getByRole('heading', { name: messages.notFound })).toBeVisible();

    // The network fails: the message asks to retry, and Retry works once it is back.
    let offline = true;
    await page.route(`**/api/orders/${orderId}`, (route) =>
      offline ? route.abort() : route.fallback(),
    );
    await page.goto(`/dashboard/payment/${orderId}`);
    const failed = page.getByRole('alert').filter({ hasText: messages.loadFailed });
    await expect(failed).toBeVisible({ timeout: 15_000 });
    offline = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText(`Please pay for "${name}"`)).toBeVisible();
    await page.unroute(`**/api/orders/${orderId}`);

    // Another customer opens the first one's order.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await registerThroughPage(otherPage, 'other');
    await otherPage.goto(`/dashboard/payment/${orderId}`);
    await expect(otherPage.getByRole('alert')).toHaveText(messages.noPermission);
    await expect(otherPage.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(otherPage.getByText(messages.loadFailed)).toHaveCount(0);
    await expect(otherPage.getByLabel('Card number')).toHaveCount(0);
    await other.close();
  });

  test('an order form whose product is deleted meanwhile keeps what was typed and says why', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const admin = await adminPage(browser);
    const name = await addProduct(admin, { aqty: 100, minquantity: 5 });

    await registerThroughPage(page, 'deleted');
    await openOrderPage(page, name);
    await fillOrder(page, 12);

    // The admin deletes the product while the customer is filling the form.
    await admin.goto(`/dashboard/manageproduct?q=${encodeURIComponent(name)}`);
    await admin
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await confirmUntil(
      admin.getByRole('dialog'),
      messages.deleteConfirm,
      admin.getByText(messages.deleted),
    );
    await admin.context().close();

    const url = page.url();
    await page.getByRole('button', { name: 'Order', exact: true }).click();
    const form = page.getByRole('region', { name: 'Order Details' });
    await expect(form.getByRole('alert')).toHaveText('Product not found');
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+1 555 0100');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue(
      '1 Test Street, Springfield',
    );
    await expect(page.getByLabel('Quantity')).toHaveValue('12');
    await expect(page.getByText(messages.notFound)).toHaveCount(0);
    await expectAccessible();
  });

  test('quantities are whole numbers, checked as they are typed or pasted', async ({
    page,
    expectAccessible,
  }) => {
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const name = await addProduct(page, { aqty: 2000, minquantity: 10 });

    // Add Product says a wrong number at once, before any submit.
    await page.goto('/addproduct');
    const stock = page.getByLabel('Available Quantity');
    for (const [typed, message] of [
      ['1e3', 'Available Quantity must be a whole number'],
      ['250.5', 'Available Quantity must be a whole number'],
      ['-3', 'Available Quantity cannot be negative'],
      ['12abc', 'Available Quantity must be a whole number'],
    ] as const) {
      await stock.fill(typed);
      await expect(page.getByText(message)).toBeVisible();
      await expect(stock).toHaveAttribute('aria-invalid', 'true');
    }
    await stock.fill('');
    await stock.focus();
    await page.keyboard.insertText('1e3');
    await expect(page.getByText('Available Quantity must be a whole number')).toBeVisible();
    await page.getByLabel('MinimumQuantity').pressSequentially('2.5');
    await expect(page.getByText('MinimumQuantity must be a whole number')).toBeVisible();
    await stock.fill('300');
    await expect(stock).not.toHaveAttribute('aria-invalid');
    await expectAccessible();

    // The order form: 1e3 is never 1000.
    await openOrderPage(page, name);
    const quantity = page.getByLabel('Quantity');
    const order = page.getByRole('button', { name: 'Order', exact: true });
    for (const typed of ['1e3', '250.5', '12abc']) {
      await quantity.fill(typed);
      await expect(page.getByText('Quantity must be a whole number')).toBeVisible();
      await expect(order).toBeDisabled();
      await expect(page.getByText(/^Order price/)).toHaveCount(0);
    }
    await quantity.fill('-3');
    await expect(page.getByText(messages.orderMinimum(10))).toBeVisible();
    await expect(order).toBeDisabled();
    await quantity.fill('');
    await quantity.focus();
    await page.keyboard.insertText('1e3');
    await expect(page.getByText('Quantity must be a whole number')).toBeVisible();
    await expectAccessible();
    await quantity.fill('1000');
    await expect(page.getByText('Quantity must be a whole number')).toHaveCount(0);
    await expect(page.getByText(`Order price: ${formatPrice(10_000)}`)).toBeVisible();
    await expect(order).toBeEnabled();
  });

  test('Add Product clears the chosen file with the other fields', async ({
    page,
    expectAccessible,
  }) => {
    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/addproduct');
    const picker = page.getByLabel('Or upload an image');
    await page.getByLabel('Product Name').fill(`E2E Upload Case ${process.pid}-${Date.now()}`);
    await page.getByLabel('Available Quantity').fill('40');
    await page.getByLabel('Description').fill('A case whose image was uploaded.');
    await page.getByLabel('Price').fill('19.99');
    await page.getByLabel('MinimumQuantity').fill('4');
    await picker.setInputFiles({
      name: 'case.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(page.getByLabel('Image URL')).toHaveValue(/^\/uploads\//);
    expect(await picker.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.productAdded)).toBeVisible();
    await expect(page.getByLabel('Product Name')).toHaveValue('');
    await expect(page.getByLabel('Image URL')).toHaveValue('');
    await expect(picker).toHaveValue('');
    expect(await picker.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await expect(page.getByRole('img', { name: 'Uploaded image preview' })).toHaveCount(0);
    await expectAccessible();
  });

  test('a failed action says so, offline included', async ({ page, browser }) => {
    const admin = await adminPage(browser);
    const name = await addProduct(admin, { aqty: 100, minquantity: 1 });

    // A customer's unpaid order for the admin to act on; the customer also tries offline.
    await registerThroughPage(page, 'offline');
    await placeOrder(page, name, 1);
    const goOffline = (target: Page) =>
      target.route('**/api/**', (route) =>
        route.request().method() === 'GET' ? route.fallback() : route.abort(),
      );
    await goOffline(page);
    await page.goto('/dashboard');
    const myRow = page
      .getByRole('region', { name: 'My orders' })
      .getByRole('row')
      .filter({ hasText: name });
    await myRow.getByRole('button', { name: /^Delete CF-\d+$/ }).click();
    await page.getByRole('button', { name: messages.deleteConfirm }).click();
    await expect(page.getByText(NETWORK_FAILURE)).toBeVisible();
    await expect(myRow).toBeVisible();

    await page.goto('/dashboard/profile');
    await page.getByLabel('Highest Education').fill('Offline University');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(NETWORK_FAILURE)).toBeVisible();

    // The admin's actions, each refused by the network.
    await goOffline(admin);
    await admin.goto(`/dashboard/manage?q=${encodeURIComponent(name)}`);
    const row = admin
      .getByRole('region', { name: 'Orders' })
      .getByRole('row')
      .filter({ hasText: name });
    await row.getByRole('button', { name: /^Mark Paid/ }).click();
    await fillMarkPaid(admin.getByRole('dialog'));
    await admin.getByRole('button', { name: confirmMessages.markPaidConfirm }).click();
    await expect(admin.getByText(NETWORK_FAILURE)).toBeVisible();
    await admin.goto('/dashboard/users');
    await admin
      .getByRole('button', { name: /^Make Admin/ })
      .first()
      .click();
    await admin.getByRole('button', { name: confirmMessages.makeAdminConfirm }).click();
    await expect(admin.getByText(NETWORK_FAILURE)).toBeVisible();
    await admin.context().close();
  });

  test('the card form formats as typed, and a paid order shows only the paid state', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const name = await productFromAdmin(browser, { aqty: 100, minquantity: 1, price: 25 });

    await registerThroughPage(page, 'payer');
    const orderId = await placeOrder(page, name, 2);
    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByText(`Please Pay: ${formatPrice(50)}`)).toBeVisible();

    const number = page.getByLabel('Card number');
    await number.pressSequentially('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await number.fill('');
    await number.focus();
    await page.keyboard.insertText('4242-4242-4242-4242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    const expiry = page.getByLabel('Expiry (MM/YY)');
    await expiry.pressSequentially('1229');
    await expect(expiry).toHaveValue('12/29');
    await expiry.fill('1/29');
    await expect(expiry).toHaveValue('01/29');
    await expiry.fill('12/29');
    await expect(expiry).toHaveValue('12/29');
    const cvc = page.getByLabel('CVC');
    await cvc.pressSequentially('1a2b3');
    await expect(cvc).toHaveValue('123');
    await expectAccessible();

    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page.getByText(messages.paymentCompleted)).toBeVisible();
    const paid = async () => {
      await expect(page.getByText(messages.paymentCompleted)).toBeVisible();
      await expect(page.getByText(/^Your transaction Id: \S+/)).toBeVisible();
      await expect(page.getByText(/Please Pay:/)).toHaveCount(0);
      await expect(page.getByLabel('Card number')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
    };
    await paid();
    const transactionId = await page.getByText(/^Your transaction Id: /).textContent();
    await expectAccessible();

    // Opened later, the same paid state.
    await page.reload();
    await paid();
    await expect(page.getByText(/^Your transaction Id: /)).toHaveText(transactionId ?? '');
  });

  test('a declined card is seen on a phone: the message is in view, focused, and toasted @phone', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const name = await productFromAdmin(browser, { aqty: 100, minquantity: 1 });

    await registerThroughPage(page, 'phone');

    const orderId = await placeOrder(page, name, 1);
    await page.goto(`/dashboard/payment/${orderId}`);
    await page.getByLabel('Card number').fill(DECLINED_CARD);
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeEnabled();
    await pay.click();

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText(messages.cardDeclined);
    await expect(alert).toBeFocused();
    await expect(alert).toBeInViewport();
    // The toast says it too, at the top of the screen.
    await expect(page.getByRole('status').filter({ hasText: messages.cardDeclined })).toBeVisible();
    await expect(page.getByText(messages.paymentCompleted)).toHaveCount(0);
    await expect(pay).toBeEnabled();
    await expectAccessible();
  });
});
