import { expect, test } from './support/fixtures.js';
import { logInThroughPage, logOut, registerThroughPage } from './support/flows.js';

test.describe('after signing in', () => {
  test('?from= is followed only to a page of this shop', async ({ page }) => {
    const customer = await registerThroughPage(page, 'returning');
    await logOut(page);

    // Issue 10: `?from=/\evil` left the user stuck on /login; finding 13: so did the spellings
    // that only become `//evil.example` once parsed.
    for (const from of [
      '/\\evil',
      '//evil.example/',
      'https://evil.example/',
      '/\\/evil.example',
      '/.//evil.example',
      '/..//evil.example/phish',
      '/x/..//evil.example',
      '/%2e//evil.example',
      '/.///evil.example',
      '/dashboard/..//evil.example',
    ]) {
      await page.goto(`/login?from=${encodeURIComponent(from)}`);
      await logInThroughPage(page, customer.email, customer.password);
      await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
      await logOut(page);
    }

    await page.goto(`/login?from=${encodeURIComponent('/products')}`);
    await logInThroughPage(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/products$/);
  });
});
