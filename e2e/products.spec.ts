import { formatPrice, formatQuantity } from '@shop/shared';
import { demoProducts } from '../apps/server/src/db/seed/demo-data.js';
import { expect, test } from './support/fixtures.js';
import { registerThroughPage } from './support/flows.js';

test.describe('products page', () => {
  test('shows every product card as the spec describes', async ({ page, expectAccessible }) => {
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Tools' })).toBeVisible();
    const cards = page.getByRole('article');
    // Other tests may add products meanwhile; the demo catalog comes first, in its order.
    await expect(cards.nth(demoProducts.length - 1)).toBeVisible();

    for (const [index, product] of demoProducts.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: product.name })).toBeVisible();
      await expect(
        card.getByText(formatPrice(product.priceCents / 100), { exact: true }),
      ).toBeVisible();
      await expect(card.getByText(product.description)).toBeVisible();
      await expect(card.getByRole('img', { name: product.name })).toHaveAttribute(
        'src',
        product.image,
      );
      await expect(
        card.getByText(`Min. Qty. - ${formatQuantity(product.minquantity)} pc's`),
      ).toBeVisible();
      // Orders placed by other tests running at the same time change the stock.
      await expect(card.getByText(/^Able\. Qty\. - [\d,]+ pc's$/)).toBeVisible();
      await expect(card.getByRole('link', { name: `Order Now: ${product.name}` })).toHaveText(
        'Order Now',
      );
    }

    // Every product image is really served.
    for (const image of await page.getByRole('article').getByRole('img').all()) {
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    }
    await expectAccessible();
  });

  test('lays the grid out in three columns on a large screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/products');
    const cards = page.getByRole('article');
    await expect(cards.nth(3)).toBeVisible();
    const boxes = await Promise.all(
      [0, 1, 2, 3].map(async (i) => (await cards.nth(i).boundingBox())!),
    );
    expect(new Set(boxes.slice(0, 3).map((b) => Math.round(b.y))).size).toBe(1);
    expect(new Set(boxes.slice(0, 3).map((b) => Math.round(b.x))).size).toBe(3);
    expect(boxes[3]!.y).toBeGreaterThan(boxes[0]!.y);
    expect(Math.round(boxes[3]!.x)).toBe(Math.round(boxes[0]!.x));
  });

  test("'Order Now' opens the order page of that product", async ({ page, expectAccessible }) => {
    await registerThroughPage(page);
    await page.goto('/products');
    const product = demoProducts[4]!;
    await page.getByRole('link', { name: `Order Now: ${product.name}` }).click();
    await expect(page).toHaveURL(/\/order\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    // No other test orders this product, so its stock is still the seeded one.
    await expect(page.getByText(`Available: ${formatQuantity(product.aqty)} pc's`)).toBeVisible();
    await expectAccessible();
  });

  test('an unknown product id shows the not-found page', async ({ page }) => {
    await registerThroughPage(page);
    await page.goto('/order/0123456789abcdef01234567');
    await expect(page.getByRole('heading', { name: 'Searching Page Not Found 404' })).toBeVisible();
  });

  test('lists products on a phone @phone', async ({ page, expectAccessible }) => {
    await page.goto('/products');
    await expect(page.getByRole('article').nth(demoProducts.length - 1)).toBeVisible();
    await expectAccessible();
  });
});
