import { errorPageMessages } from '@shop/shared';
import { chunkAddress } from './support/chunks.js';
import { expect, test } from './support/fixtures.js';

/** A route for the chunk of one web source file: its address exactly, read when first asked. */
const chunkOf = (source: string) => {
  let address: string | undefined;
  return (url: URL) => url.pathname === (address ??= chunkAddress(source));
};
const blogsChunk = chunkOf('src/app/routes/blogs.tsx');
const portfolioChunk = chunkOf('src/app/routes/portfolio.tsx');

/*
 * The shop's own error page, shown here the way a visitor meets it: the blog's code does not
 * arrive (the network dropped it, or a new release replaced it). No route exists for tests.
 */
test.describe('the error page', () => {
  test('a page whose code does not load shows the apology inside the shop, and Try again draws it', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.route(blogsChunk, (route) => route.abort('failed'));
    await page.goto('/blogs');

    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: errorPageMessages.title }),
    ).toBeVisible();
    await expect(main.getByText(errorPageMessages.apology)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(errorPageMessages.title));
    // The layout stays: the navbar is there to go on with.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectAccessible();

    await page.unroute(blogsChunk);
    await main.getByRole('button', { name: errorPageMessages.tryAgain }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Question & Answering Section' }),
    ).toBeVisible();
  });

  test('the way home leaves the error page', async ({ page }) => {
    await page.route(portfolioChunk, (route) => route.abort('failed'));
    await page.goto('/portfolio');
    await page.getByRole('main').getByRole('link', { name: errorPageMessages.home }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: errorPageMessages.title })).toHaveCount(0);
  });
});
