import type { Page } from '@playwright/test';
import { messages, ORDER_LIST_STORAGE_KEY, quoteMessages, type OrderListLine } from '@shop/shared';
import { E2E_ADMIN } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { logInThroughPage, logOut, registerThroughPage } from './support/flows.js';
import { addTestProducts } from './support/order-list.js';

/*
 * Issue 26, DESIGN.md section 14: a quote for 5,000 cases with a logo, the shop admin's offer,
 * the buyer's accept and payment. Screenshots go to test-results/shots/quotes/.
 */

const SHOTS = 'test-results/shots/quotes';
const TEST_CARD = '4242 4242 4242 4242';
/** A 1×1 PNG: the logo file. */
const LOGO = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

async function withOrderList(page: Page, lines: OrderListLine[]) {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    ORDER_LIST_STORAGE_KEY,
    JSON.stringify(lines),
  ] as const);
  await page.goto('/order-list');
}

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/** Asks for a quote of `quantity` from the order list, with a note and the logo. */
async function requestQuote(page: Page, productName: string, quantity: number, note: string) {
  await page.getByRole('link', { name: quoteMessages.requestQuote }).click();
  await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();
  await page
    .getByRole('group', { name: productName })
    .getByLabel('Quantity')
    .fill(String(quantity));
  await page.getByLabel('Note').fill(note);
  await page
    .getByLabel('Artwork (optional)')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO });
  await shot(page, 'request-form');
  await page.getByRole('button', { name: quoteMessages.requestQuote }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f]{24}$/);
  await expect(page.getByRole('heading', { name: /^Quote Q-/ })).toBeVisible();
  return page.url().split('/').pop() ?? '';
}

async function payWithCard(page: Page) {
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  await page.getByLabel('Card number').fill(TEST_CARD);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeVisible();
}

test('a quote for 5,000 cases with a logo: requested, offered, accepted and paid', async ({
  page,
  browser,
  expectAccessible,
}) => {
  const [item] = await addTestProducts(
    browser,
    [{ price: 50, minquantity: 10, increment: 1, aqty: 6000, priceBreaks: [] }],
    'quote',
  );
  const product = item!;
  const buyer = await registerThroughPage(page, 'quote');
  await withOrderList(page, [{ productId: product._id, name: product.name, quantity: 100 }]);
  await shot(page, 'order-list');
  const quoteId = await requestQuote(page, product.name, 5000, 'Our logo on the front panel.');
  await expect(page.getByText('Requested', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Download artwork-Q-\d{5,}\.png/ })).toBeVisible();
  await expectAccessible();
  await shot(page, 'quote-requested');

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'My Quotes' })
    .click();
  await expect(page.getByRole('heading', { name: 'My Quotes' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^View quote Q-/ })).toBeVisible();
  await expectAccessible();
  await shot(page, 'my-quotes');
  await logOut(page);

  // The shop admin answers with an offer.
  await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/dashboard/manage-quotes');
  await expect(page.getByRole('heading', { name: 'Manage Quotes' })).toBeVisible();
  await page.getByLabel('Search quotes').fill(buyer.email);
  const row = page.getByRole('row').filter({ hasText: buyer.email });
  await expect(row).toBeVisible();
  await expectAccessible();
  await shot(page, 'manage-quotes');
  await row.getByRole('link', { name: /^View quote/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/quotes/${quoteId}$`));
  await page
    .getByRole('group', { name: product.name })
    .getByLabel('Unit price (USD)')
    .fill('38.50');
  await page.getByLabel('Message to the buyer').fill('Logo printed in black; ships in 3 weeks.');
  await expectAccessible();
  await shot(page, 'offer-form');
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByText(quoteMessages.offerSent)).toBeVisible();
  await expect(page.getByText('Total: $192,500')).toBeVisible();
  await logOut(page);

  // The buyer accepts and pays by card.
  await logInThroughPage(page, buyer.email, buyer.password);
  await page.goto(`/dashboard/quotes/${quoteId}`);
  await expect(page.getByText('Offered', { exact: true })).toBeVisible();
  await expect(page.getByText(/left to accept/)).toBeVisible();
  await expectAccessible();
  await shot(page, 'quote-offered');
  await page.getByLabel('Phone', { exact: true }).fill('+49 40 123456');
  await page.getByLabel('Address', { exact: true }).fill('Hafenstrasse 12\n20457 Hamburg');
  await page.getByRole('button', { name: 'Accept and order' }).click();
  await payWithCard(page);
  await page.goto(`/dashboard/quotes/${quoteId}`);
  await expect(page.getByText('Ordered', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByText('$192,500').first()).toBeVisible();
});

test.describe('on a phone 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a quote on a phone: requested, and accepted after the offer @phone', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const [item] = await addTestProducts(
      browser,
      [{ price: 20, minquantity: 5, increment: 5, aqty: 300, priceBreaks: [] }],
      'quote phone',
    );
    const product = item!;
    await registerThroughPage(page, 'quotephone');
    await withOrderList(page, [{ productId: product._id, name: product.name, quantity: 10 }]);
    const quoteId = await requestQuote(page, product.name, 1001, 'Custom colour, please.');
    await expectAccessible();
    await shot(page, 'quote-requested');

    // The offer, made by the shop admin through the API.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = await context.newPage();
    await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const token = await admin.evaluate(() => localStorage.getItem('accessToken'));
    // The shop admin's pages at the phone's width too.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.goto('/dashboard/manage-quotes');
    await expect(admin.getByRole('link', { name: /^View quote/ }).first()).toBeVisible();
    await shot(admin, 'manage-quotes');
    await admin.goto(`/dashboard/quotes/${quoteId}`);
    await expect(admin.getByRole('button', { name: 'Send offer' })).toBeVisible();
    await shot(admin, 'offer-form');
    const offered = await admin.request.put(`/api/quotes/${quoteId}/offer`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        lines: [{ productId: product._id, quantity: 250, unitPrice: 18 }],
        validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        message: 'We can make 250 now.',
      },
    });
    expect(offered.status(), await offered.text()).toBe(200);
    await context.close();

    await page.reload();
    await expect(page.getByText('Total: $4,500')).toBeVisible();
    await expectAccessible();
    await shot(page, 'quote-offered');
    await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await page.getByLabel('Address', { exact: true }).fill('1 Test Street');
    await page.getByRole('button', { name: 'Accept and order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await page.goto('/dashboard/quotes');
    await expect(page.getByRole('link', { name: /^View quote/ })).toBeVisible();
    await expectAccessible();
    await shot(page, 'my-quotes');
    await withOrderList(page, [{ productId: product._id, name: product.name, quantity: 10 }]);
    await shot(page, 'order-list');
    await page.getByRole('link', { name: quoteMessages.requestQuote }).click();
    await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();
    await expectAccessible();
    await shot(page, 'request-form');
  });
});

/** The focused element's name, and whether its focus ring shows below the sticky header. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const labels = (el as HTMLInputElement).labels;
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const header = document.querySelector('#root > div > header')?.getBoundingClientRect();
    return {
      name: (
        el.getAttribute('aria-label') ??
        labels?.[0]?.textContent ??
        el.textContent ??
        ''
      ).trim(),
      ring: style.outlineStyle !== 'none',
      inMain: el.closest('main') !== null,
      clear: rect.top >= (header ? header.bottom : 0) - 1 && rect.bottom <= window.innerHeight + 1,
    };
  });
}

/** Tab until the focused element is called `name`, every stop with its focus visible. */
async function tabTo(page: Page, name: string | RegExp) {
  for (let i = 0; i < 200; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await focused(page);
    if (!focus) continue;
    expect(focus.ring, `focus ring on "${focus.name}"`).toBe(true);
    if (focus.inMain) expect(focus.clear, `"${focus.name}" in view, below the header`).toBe(true);
    if (typeof name === 'string' ? focus.name === name : name.test(focus.name)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

test('a quote requested and accepted with the keyboard alone', async ({
  page,
  browser,
  expectAccessible,
}) => {
  const [item] = await addTestProducts(
    browser,
    [{ price: 12, minquantity: 10, increment: 10, aqty: 500, priceBreaks: [] }],
    'quote keys',
  );
  const product = item!;
  // No smooth scrolling: where focus lands is where it is drawn.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await registerThroughPage(page, 'quotekeys');
  await withOrderList(page, [{ productId: product._id, name: product.name, quantity: 20 }]);
  await tabTo(page, quoteMessages.requestQuote);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();
  await tabTo(page, 'Quantity');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2500');
  await tabTo(page, 'Note');
  await page.keyboard.type('Engraved side panel.');
  await tabTo(page, quoteMessages.requestQuote);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f]{24}$/);
  const quoteId = page.url().split('/').pop() ?? '';
  await expectAccessible();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  const token = await admin.evaluate(() => localStorage.getItem('accessToken'));
  const offered = await admin.request.put(`/api/quotes/${quoteId}/offer`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      lines: [{ productId: product._id, quantity: 400, unitPrice: 10.5 }],
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  await context.close();

  await page.reload();
  await expect(page.getByText('Total: $4,200')).toBeVisible();
  await tabTo(page, 'Phone');
  await page.keyboard.type('+1 555 0100');
  await tabTo(page, 'Address');
  await page.keyboard.type('1 Test Street');
  await tabTo(page, 'Accept and order');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
});

/*
 * Issue 33 point 5, the usability walk of 2026-11-28: a line dropped from the request (#27), the
 * shop admin pricing beside the stock with a warning and a setup fee (#3, #21), the buyer's
 * accept refused on the stock and a new offer asked from the quote (#3), the new offer accepted,
 * and the quote offered again after its unpaid order is deleted (#4). At 1280 and 390 px.
 */
for (const width of [1280, 390]) {
  test.describe(`quotes that can be accepted at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test(`ux 2026-11-28 #3 #4 #21 #27: warned beyond the stock, a fee, a new offer asked for, offered again after its order is gone (${width} px)`, async ({
      page,
      browser,
      expectAccessible,
    }) => {
      const [shelf, other] = await addTestProducts(
        browser,
        [
          { price: 48.5, minquantity: 10, increment: 10, aqty: 1100, priceBreaks: [] },
          { price: 5, minquantity: 1, increment: 1, aqty: 50, priceBreaks: [] },
        ],
        `accept again ${width}`,
      );
      const product = shelf!;
      await registerThroughPage(page, `again${width}`);
      await withOrderList(page, [
        { productId: product._id, name: product.name, quantity: 100 },
        { productId: other!._id, name: other!.name, quantity: 2 },
      ]);
      await page.getByRole('link', { name: quoteMessages.requestQuote }).click();
      // #27: the second line dropped; the last one has no Remove.
      await page.getByRole('button', { name: `Remove ${other!.name} from the quote` }).click();
      await expect(page.getByRole('group', { name: other!.name })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
      await page.getByRole('group', { name: product.name }).getByLabel('Quantity').fill('2000');
      await page.getByLabel('Note').fill('Our logo on the front panel.');
      await expectAccessible();
      await shot(page, 'again-request-form');
      await page.getByRole('button', { name: quoteMessages.requestQuote }).click();
      await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f]{24}$/);
      await expect(page.getByRole('heading', { name: /^Quote Q-\d{5,}$/ })).toBeVisible();
      const quoteId = page.url().split('/').pop() ?? '';

      // #3, #21: the shop admin (in a browser of their own, as wide) sees the stock, is warned
      // before sending, adds a setup fee.
      // (Signed in at 1280 px, where LogOut shows without the phone menu, then as wide as the buyer.)
      const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const admin = await adminContext.newPage();
      await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await admin.goto(`/dashboard/quotes/${quoteId}`);
      const line = admin.getByRole('group', { name: product.name });
      await expect(line.getByText('1,100', { exact: true })).toBeVisible();
      await expect(line.getByText('$48.50', { exact: true })).toBeVisible();
      await expect(line.getByText(/2,000 offered, but only 1,100/)).toBeVisible();
      await line.getByLabel('Unit price (USD)').fill('39.50');
      await admin.getByRole('button', { name: 'Add an extra line' }).click();
      await admin.getByLabel('Extra line 1: description').fill('Logo print setup');
      await admin.getByLabel('Extra line 1: amount (USD)').fill('250');
      await shot(admin, 'again-offer-form-warned');
      await admin.getByRole('button', { name: 'Send offer' }).click();
      await expect(admin.getByRole('status').filter({ hasText: /only 1,100/ })).toBeVisible();
      await expect(admin.getByText('Total: $79,250')).toBeVisible();
      await shot(admin, 'again-offer-sent');
      const token = await admin.evaluate(() => localStorage.getItem('accessToken'));

      // #3: the buyer's accept fails on the stock; they ask for a new offer from the page.
      await page.goto(`/dashboard/quotes/${quoteId}`);
      await expect(page.getByText('Logo print setup').first()).toBeVisible();
      await page.getByLabel('Phone', { exact: true }).fill('+49 40 123456');
      await page.getByLabel('Address', { exact: true }).fill('Hafenstrasse 12\n20457 Hamburg');
      await page.getByRole('button', { name: 'Accept and order' }).click();
      await expect(page.getByRole('alert').filter({ hasText: /are in stock now/ })).toBeVisible();
      await page
        .getByLabel('What should the new offer change?')
        .fill('Please offer 1,000 now; the rest next month.');
      await expectAccessible();
      await shot(page, 'again-accept-refused');
      await page.getByRole('button', { name: quoteMessages.askNewOffer }).click();
      await expect(page.getByText('Requested', { exact: true })).toBeVisible();
      await expect(page.getByText('New offer asked for')).toBeVisible();
      await expect(page.getByText('Please offer 1,000 now; the rest next month.')).toBeVisible();
      await expectAccessible();
      await shot(page, 'again-asked');

      // The shop answers with 1,000 (through the API); the buyer accepts it.
      const offered = await admin.request.put(`/api/quotes/${quoteId}/offer`, {
        headers: { authorization: `Bearer ${token}` },
        data: {
          lines: [{ productId: product._id, quantity: 1000, unitPrice: 39.5 }],
          extraLines: [{ description: 'Logo print setup', amount: 250 }],
          validUntil: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      });
      expect(offered.status(), await offered.text()).toBe(200);
      await adminContext.close();
      await page.reload();
      await expect(page.getByText('Total: $39,750')).toBeVisible();
      // No order of theirs yet: the details are typed.
      await page.getByLabel('Phone', { exact: true }).fill('+49 40 123456');
      await page.getByLabel('Address', { exact: true }).fill('Hafenstrasse 12\n20457 Hamburg');
      await page.getByRole('button', { name: 'Accept and order' }).click();
      await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
      const orderId = page.url().split('/').pop() ?? '';

      // #4: the unpaid order deleted: the quote is offered again, the order in its history.
      const token2 = await page.evaluate(() => localStorage.getItem('accessToken'));
      const deleted = await page.request.delete(`/api/orders/${orderId}`, {
        headers: { authorization: `Bearer ${token2}` },
      });
      expect(deleted.status(), await deleted.text()).toBe(200);
      await page.goto(`/dashboard/quotes/${quoteId}`);
      await expect(page.getByText('Offered', { exact: true })).toBeVisible();
      await expect(page.getByText(quoteMessages.reopened)).toBeVisible();
      await expect(page.getByText('Order deleted')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Accept and order' })).toBeVisible();
      await expectAccessible();
      await shot(page, 'again-reopened');
    });
  });
}
