import type { Browser, Locator, Page } from '@playwright/test';
import { cartMessages, type ProductCategory } from '@shop/shared';
import { E2E_ADMIN } from './accounts.js';
import { expect } from './fixtures.js';
import { logInThroughPage } from './flows.js';

/** A product the order-list tests add for themselves (the demo catalog's stock is shared). */
export interface TestProduct {
  _id: string;
  name: string;
  price: number;
  minquantity: number;
  increment: number;
  aqty: number;
  priceBreaks: { minQty: number; price: number }[];
}

let counter = 0;

/**
 * Adds products through the API as the admin (signed in once, in a window of its own): a test
 * that orders them then reads and changes only its own stock. Names are unique per run.
 */
export async function addTestProducts(
  browser: Browser,
  products: (Omit<TestProduct, '_id' | 'name'> & {
    category?: ProductCategory;
    sku?: string;
    specs?: { name: string; value: string }[];
  })[],
  label: string,
): Promise<TestProduct[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await context.newPage();
  try {
    await logInThroughPage(admin, E2E_ADMIN.email, E2E_ADMIN.password);
    const token = await admin.evaluate(() => localStorage.getItem('accessToken'));
    expect(token).toBeTruthy();
    const created: TestProduct[] = [];
    for (const product of products) {
      counter += 1;
      // Hexadecimal, as in every spec's made-up names: its letters (a-f) cannot spell a word the
      // search walks type and expect only the demo catalog to hold ('fan', 'psu', 'midtower').
      const unique = `${(process.pid % 4096).toString(16)}${Date.now().toString(16).slice(-6)}${counter}`;
      const name = `${unique} ${label} ${counter}`;
      const response = await admin.request.post('/api/product', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          name,
          description: `A product added by the ${label} browser test.`,
          imgURL: '/images/products/silentbox-s5-full-tower.svg',
          category: 'cases',
          ...product,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      const { insertedId } = (await response.json()) as { insertedId: string };
      created.push({ _id: insertedId, name, ...product });
    }
    return created;
  } finally {
    await context.close();
  }
}

/** The card of a product on the products page. */
export function productCard(page: Page, name: string) {
  return page.getByRole('article', { name });
}

/**
 * Presses a product's 'Add to order list' once it answers: a server-drawn page shows the button
 * before the browser has taken it over, and it is `type="submit"` only then.
 */
export async function pressAddToOrderList(scope: Page | Locator, productName: string) {
  const button = scope.getByRole('button', { name: cartMessages.addToListLabel(productName) });
  await expect(button).toHaveAttribute('type', 'submit');
  await button.click();
}

/**
 * Waits until the browser has taken over a server-drawn list of product cards: the first card's
 * 'Add to order list' becomes `type="submit"` then. Before that, the search form sends a plain GET
 * that the server answers (right for a visitor, but past a walk's stubbed API).
 */
export async function untilCardsAnswer(page: Page) {
  await expect(page.getByRole('button', { name: /^Add to order list: / }).first()).toHaveAttribute(
    'type',
    'submit',
  );
}
