import type { Browser, Page } from '@playwright/test';
import {
  DEFAULT_PAGE_SIZE,
  PRODUCT_CATEGORIES,
  cartMessages,
  categoryLabels,
  formatPrice,
  messages,
  productPageMessages as pageText,
  productSearchMessages as text,
  productSortLabels,
  productTermsMessages as terms,
  type ProductCategory,
  SHOP_SHARE_IMAGE,
  SITE_NAME,
  TWITTER_CARD,
  formatQuantity,
} from '@shop/shared';
import { demoProducts } from '../apps/server/src/db/seed/demo-data.js';
import { expect, test } from './support/fixtures.js';
import { addTestProducts, pressAddToOrderList, type TestProduct } from './support/order-list.js';

/*
 * Issue 14: finding products. Each worker adds its own products, all named with one word no other
 * product has, so that a search for it finds exactly them whatever the other tests add meanwhile:
 * one more than a page of them, at different prices, in every category.
 */

const COUNT = DEFAULT_PAGE_SIZE + 2;

interface Found extends TestProduct {
  category: ProductCategory;
}

let catalog: { word: string; products: Found[] } | null = null;

async function ourProducts(browser: Browser) {
  if (catalog) return catalog;
  const word = `zq${process.pid.toString(16)}${Date.now().toString(16)}`;
  const products = await addTestProducts(
    browser,
    Array.from({ length: COUNT }, (_, i) => ({
      // Distinct prices in an order unlike the catalog's, so each sort is a different order.
      price: 10 + ((i * 7) % COUNT),
      minquantity: 1,
      increment: 1,
      aqty: 100,
      priceBreaks: [],
      category: PRODUCT_CATEGORIES[i % PRODUCT_CATEGORIES.length]!,
    })),
    `${word} search`,
  );
  catalog = { word, products: products as Found[] };
  return catalog;
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: text.searchLabel });
const status = (page: Page) => page.getByRole('main').getByRole('status');
const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardNames = (page: Page) => cards(page).getByRole('heading').allInnerTexts();

/** The price on each card, in the grid's order. */
async function cardPrices(page: Page): Promise<string[]> {
  return cards(page).evaluateAll((articles) =>
    articles.map((a) => a.querySelector('p.text-primary')?.textContent ?? ''),
  );
}

test.describe('finding products', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a search follows the typing, pages through the matches, and Back walks back through it', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const { word } = await ourProducts(browser);
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Tools' })).toBeVisible();
    await expect(searchBox(page)).toHaveValue('');

    await searchBox(page).fill(word);
    // No Enter: the results follow once the typing pauses.
    await expect(page).toHaveURL(`/products?q=${word}`);
    await expect(status(page)).toHaveText(text.count(1, DEFAULT_PAGE_SIZE, COUNT));
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
    for (const name of await cardNames(page)) expect(name).toContain(word);
    await expect(page).toHaveTitle(`"${word}" | Our Tools | CaseForge`);
    // A search's results are followed, not listed: canonical without q (DESIGN.md section 15).
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new URL('/products', page.url()).href,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
    await expectAccessible();

    const pages = page.getByRole('navigation', { name: text.pagesLabel });
    await expect(pages.getByRole('link', { name: text.pageLabel(1) })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await pages.getByRole('link', { name: text.nextLabel }).click();
    await expect(page).toHaveURL(`/products?q=${word}&page=2`);
    await expect(status(page)).toHaveText(text.count(DEFAULT_PAGE_SIZE + 1, COUNT, COUNT));
    await expect(cards(page)).toHaveCount(COUNT - DEFAULT_PAGE_SIZE);
    // Focus goes to the count of the new page, not back to the top of the document.
    await expect(status(page)).toBeFocused();
    await expect(searchBox(page)).toHaveValue(word);
    await expect(page).toHaveTitle(`"${word}", page 2 | Our Tools | CaseForge`);
    await expectAccessible();

    await page.goBack();
    await expect(page).toHaveURL(`/products?q=${word}`);
    await expect(status(page)).toHaveText(text.count(1, DEFAULT_PAGE_SIZE, COUNT));
    await page.goBack();
    await expect(page).toHaveURL('/products');
    await expect(searchBox(page)).toHaveValue('');
    await expect(cards(page).first()).toContainText(demoProducts[0]!.name);
    await page.goForward();
    await expect(searchBox(page)).toHaveValue(word);
    await expect(cards(page)).toHaveCount(DEFAULT_PAGE_SIZE);
  });

  test('a category narrows the search and a sort orders it by price; the address says both and opens the same results', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const { word, products } = await ourProducts(browser);
    await page.goto(`/products?q=${word}`);
    await expect(status(page)).toHaveText(text.count(1, DEFAULT_PAGE_SIZE, COUNT));

    const gaming = products.filter((p) => p.category === 'gaming-cases');
    await page
      .getByRole('combobox', { name: text.categoryLabel })
      .selectOption({ label: categoryLabels['gaming-cases'] });
    await expect(page).toHaveURL(`/products?q=${word}&category=gaming-cases`);
    await expect(status(page)).toHaveText(text.count(1, gaming.length, gaming.length));
    for (const card of await cards(page).all()) {
      await expect(card.getByText(categoryLabels['gaming-cases'], { exact: true })).toBeVisible();
    }

    const byPrice = [...gaming].sort((a, b) => a.price - b.price);
    await page
      .getByRole('combobox', { name: text.sortLabel })
      .selectOption({ label: productSortLabels.price });
    await expect(page).toHaveURL(`/products?q=${word}&category=gaming-cases&sort=price`);
    await expect.poll(() => cardPrices(page)).toEqual(byPrice.map((p) => formatPrice(p.price)));

    await page
      .getByRole('combobox', { name: text.sortLabel })
      .selectOption({ label: productSortLabels['-price'] });
    await expect(page).toHaveURL(`/products?q=${word}&category=gaming-cases&sort=-price`);
    await expect
      .poll(() => cardPrices(page))
      .toEqual([...byPrice].reverse().map((p) => formatPrice(p.price)));
    const names = await cardNames(page);
    await expectAccessible();

    // Back undoes the last choice: the sort by price again.
    await page.goBack();
    await expect(page).toHaveURL(`/products?q=${word}&category=gaming-cases&sort=price`);
    await expect(page.getByRole('combobox', { name: text.sortLabel })).toHaveValue('price');
    await expect.poll(() => cardPrices(page)).toEqual(byPrice.map((p) => formatPrice(p.price)));

    // The address, shared: another visitor opening it sees the same search and results.
    const other = await browser.newPage();
    try {
      await other.goto(`/products?q=${word}&category=gaming-cases&sort=-price`);
      await expect(searchBox(other)).toHaveValue(word);
      await expect(other.getByRole('combobox', { name: text.categoryLabel })).toHaveValue(
        'gaming-cases',
      );
      await expect(other.getByRole('combobox', { name: text.sortLabel })).toHaveValue('-price');
      await expect(cards(other)).toHaveCount(gaming.length);
      expect(await cardNames(other)).toEqual(names);
    } finally {
      await other.close();
    }
  });

  test("a search without matches says so, and 'Clear search' shows the whole catalog again", async ({
    page,
    expectAccessible,
  }) => {
    const q = `nothing-like-${Date.now().toString(16)}`;
    await page.goto('/products?category=cases');
    await searchBox(page).fill(q);
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(`/products?q=${q}&category=cases`);
    await expect(page.getByRole('heading', { name: text.noMatch(q) })).toBeVisible();
    await expect(page.getByRole('heading', { name: `No products match "${q}"` })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectAccessible();

    await page.getByRole('button', { name: text.clear }).click();
    await expect(page).toHaveURL('/products');
    await expect(searchBox(page)).toHaveValue('');
    await expect(page.getByRole('combobox', { name: text.categoryLabel })).toHaveValue('');
    await expect(cards(page).first()).toContainText(demoProducts[0]!.name);
    await expect(status(page)).toContainText('products');
  });

  test("a card's name opens the product page, with its prices, terms, specs and both ways to order", async ({
    page,
    expectAccessible,
  }) => {
    const item = demoProducts[0]!;
    await page.goto(`/products?q=${item.sku}`);
    const card = page.getByRole('article', { name: item.name });
    await card.getByRole('link', { name: item.name, exact: true }).click();
    await expect(page).toHaveURL(/\/products\/[0-9a-f]{24}$/);
    const id = page.url().split('/').pop()!;

    await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    await expect(page).toHaveTitle(`${item.name} | CaseForge`);
    await expect(page.getByRole('img', { name: item.name })).toHaveAttribute('src', item.image);
    await expect(page.getByText(pageText.perPiece)).toBeVisible();
    await expect(page.getByText(item.description)).toBeVisible();
    await expect(page.getByText(/^Available: [\d,]+ pc's$/)).toBeVisible();
    await expect(
      page.getByText(`Minimum order: ${formatQuantity(item.minquantity)} pc's`),
    ).toBeVisible();
    await expect(page.getByText(terms.packSize(item.increment))).toBeVisible();
    await expect(page.getByText(terms.sku(item.sku))).toBeVisible();

    const prices = page.getByRole('table', { name: pageText.priceBreaksCaption });
    const tiers = [
      { from: item.minquantity, cents: item.priceCents },
      ...item.priceBreaks.map((b) => ({ from: b.minQty, cents: b.priceCents })),
    ];
    await expect(prices.getByRole('row')).toHaveText([
      `${pageText.quantityColumn}${pageText.unitPriceColumn}`,
      ...tiers.map((tier, i) => {
        const next = tiers[i + 1];
        const range = next
          ? pageText.quantityRange(tier.from, next.from - 1)
          : pageText.quantityFrom(tier.from);
        return `${range}${formatPrice(tier.cents / 100)}`;
      }),
    ]);
    const specs = page.getByRole('table', { name: pageText.specsCaption });
    await expect(specs.getByRole('rowheader')).toHaveText(item.specs.map((s) => s.name));
    await expect(specs.getByRole('cell')).toHaveText(item.specs.map((s) => s.value));

    await expect(page.getByRole('link', { name: `Order Now: ${item.name}` })).toHaveAttribute(
      'href',
      `/order/${id}`,
    );
    const canonical = new URL(`/products/${id}`, page.url()).href;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      item.description,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', item.name);
    // The demo drawings are SVG: link previews get the shop's raster image (ux 2026-11-28 #31).
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new URL(SHOP_SHARE_IMAGE.path, page.url()).href,
    );
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute(
      'content',
      SITE_NAME,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      TWITTER_CARD,
    );
    const shared = await page.request.get(SHOP_SHARE_IMAGE.path);
    expect(shared.status()).toBe(200);
    expect(shared.headers()['content-type']).toBe('image/jpeg');
    await expectAccessible();

    await pressAddToOrderList(page, item.name);
    await expect(page.getByText(cartMessages.added)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Order list, / }),
    ).toHaveAccessibleName('Order list, 1 item');

    // Order Now needs a signed-in customer, as from a card.
    await page.getByRole('link', { name: `Order Now: ${item.name}` }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown or malformed product id is the not-found page', async ({ page }) => {
    for (const id of ['0123456789abcdef01234567', 'not-an-id']) {
      await page.goto(`/products/${id}`);
      await expect(page.getByRole('heading', { name: messages.notFound })).toBeVisible();
    }
  });

  test('searching and paging on a phone @phone', async ({ page, browser, expectAccessible }) => {
    const { word } = await ourProducts(browser);
    await page.goto('/products');
    await searchBox(page).fill(word);
    await searchBox(page).press('Enter');
    await expect(status(page)).toHaveText(text.count(1, DEFAULT_PAGE_SIZE, COUNT));
    const pages = page.getByRole('navigation', { name: text.pagesLabel });
    await expect(pages.getByText(text.pageOf(1, 2))).toBeVisible();
    await expectAccessible();
    await pages.getByRole('link', { name: text.nextLabel }).click();
    await expect(pages.getByText(text.pageOf(2, 2))).toBeVisible();
    await expect(cards(page)).toHaveCount(COUNT - DEFAULT_PAGE_SIZE);

    await cards(page).first().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
    await expect(page.getByRole('link', { name: /^Order Now: / })).toBeVisible();
    await expectAccessible();
  });
});
