import { cartMessages, messages, productSearchMessages, quantityIssue } from '@shop/shared';
import { expect, test } from './support/fixtures.js';
import { registerThroughPage } from './support/flows.js';
import { retype, tabTo } from './support/keyboard.js';
import { addTestProducts } from './support/order-list.js';

/*
 * Issue 13: from the home page to a paid order of two products with the keyboard alone (Tab,
 * Shift+Tab, Enter and typing), focus always visible and never under the sticky header, and axe
 * clean on every page passed. Setting up (the products, the account) is not part of the walk.
 */

const TEST_CARD = '4242 4242 4242 4242';

test.describe('B2B ordering with the keyboard alone', () => {
  // Two windows of setup, then several hundred Tab presses, each checked.
  test.describe.configure({ timeout: 180_000 });

  test('from the home page to a paid order of two products', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const [cases, psu] = await addTestProducts(
      browser,
      [
        {
          price: 50,
          minquantity: 20,
          increment: 10,
          aqty: 1000,
          priceBreaks: [{ minQty: 100, price: 45 }],
        },
        {
          price: 30,
          minquantity: 10,
          increment: 5,
          aqty: 500,
          priceBreaks: [{ minQty: 50, price: 27 }],
        },
      ],
      'keyboard b2b',
    );
    await registerThroughPage(page, 'keyboardb2b');

    // Home: into the products through the top bar.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible();
    await tabTo(page, 'Products');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Tools' })).toBeFocused();
    await expectAccessible();

    // The search box finds the two by the words their names share (other tests' products may
    // fill the first page of the catalog); Enter searches at once.
    await tabTo(page, productSearchMessages.searchLabel);
    await page.keyboard.type('keyboard b2b');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=keyboard\+b2b$/);
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      productSearchMessages.count(1, 2, 2),
    );

    // The first product: its quantity typed, added with Enter.
    await tabTo(page, cartMessages.quantityLabel(cases!.name));
    await retype(page, '100');
    await tabTo(page, cartMessages.addToListLabel(cases!.name));
    await page.keyboard.press('Enter');
    await expect(page.getByText(cartMessages.added)).toBeVisible();

    // The second at its minimum.
    await tabTo(page, cartMessages.quantityLabel(psu!.name));
    await expect(page.getByLabel(cartMessages.quantityLabel(psu!.name))).toHaveValue('10');
    await tabTo(page, cartMessages.addToListLabel(psu!.name));
    await page.keyboard.press('Enter');
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Order list, 2 items' });
    await expect(link).toBeVisible();
    await expect(page.getByText(cartMessages.added)).toBeHidden();
    await expectAccessible();

    // Back up to the order list's link in the top bar.
    await tabTo(page, 'Order list, 2 items', { backwards: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Order list' })).toBeFocused();
    await expectAccessible();

    // A quantity that is not a pack multiple is said at once; then the break price.
    await tabTo(page, cartMessages.quantityLabel(psu!.name));
    await retype(page, '52');
    await expect(page.getByText(quantityIssue(psu!, 52)?.message ?? '')).toBeVisible();
    await expect(page.getByRole('button', { name: cartMessages.checkout })).toBeDisabled();
    await expectAccessible();
    await retype(page, '50');
    await expect(page.getByText(quantityIssue(psu!, 52)?.message ?? '')).toBeHidden();
    await expect(page.getByText('$27 each')).toBeVisible();
    await expect(page.getByText(/^Order total: \$5,850/)).toBeVisible();
    await tabTo(page, cartMessages.checkout);
    await page.keyboard.press('Enter');

    // The checkout.
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeFocused();
    await expectAccessible();
    await tabTo(page, 'Phone');
    await page.keyboard.type('+1 555 0100');
    await tabTo(page, 'Address');
    await page.keyboard.type('1 Keyboard Street, Springfield');
    await tabTo(page, cartMessages.poNumber);
    await page.keyboard.type('PO-KEYS-1');
    await tabTo(page, cartMessages.placeOrder);
    await page.keyboard.press('Enter');

    // The payment page of the one order: the card form, then Pay.
    await page.waitForURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await expect(page.getByText('Please Pay: $5,850')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
    await expectAccessible();
    await tabTo(page, 'Card number');
    await page.keyboard.type(TEST_CARD);
    await tabTo(page, 'Expiry (MM/YY)');
    await page.keyboard.type('12/34');
    await tabTo(page, 'CVC');
    await page.keyboard.type('123');
    await tabTo(page, 'Pay');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: messages.paymentCompleted })).toBeFocused();
    await expectAccessible();
  });
});
