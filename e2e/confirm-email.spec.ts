import { emailConfirmationMessages, messages, orderLimitMessages } from '@shop/shared';
import { demoProducts, type DemoProduct } from '../apps/server/src/db/seed/demo-data.js';
import { startTestSmtp, type TestSmtp } from '../apps/server/src/test/test-smtp.js';
import { expect, expectToastShown, test as shared } from './support/fixtures.js';
import { registerThroughPage } from './support/flows.js';
import { startShop, type StartedShop } from './support/shop.js';

/*
 * Issue 20, finding 1: in production placing an order needs a confirmed email. The suite's shop
 * runs with NODE_ENV=test (the rule off), so this spec starts a shop of its own with
 * ORDER_REQUIRES_CONFIRMED_EMAIL=true and a local SMTP server that keeps the mail it is sent.
 */
const test = shared.extend<object, { strict: { shop: StartedShop; smtp: TestSmtp } }>({
  strict: [
    // Playwright reads a fixture's dependencies from this pattern, so it must be an object.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const smtp = await startTestSmtp();
      const shop = await startShop({
        env: {
          ORDER_REQUIRES_CONFIRMED_EMAIL: 'true',
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          MAIL_FROM: 'CaseForge <shop@e2e.example.com>',
        },
      }).catch(async (error: unknown) => {
        await smtp.close();
        throw error;
      });
      await use({ shop, smtp });
      await shop.stop();
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ strict }, use) => {
    await use(strict.shop.url);
  },
});

const item: DemoProduct = demoProducts[3]!;

/** The confirmation links mailed to `email` so far, oldest first. */
const linksTo = (smtp: TestSmtp, email: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(email))
    .flatMap((mail) => /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text) ?? []);

test('an unconfirmed customer is asked to confirm, gets the mail again, confirms and orders', async ({
  page,
  strict,
  expectAccessible,
}) => {
  const customer = await registerThroughPage(page);
  await page.goto('/products');
  await page.getByRole('link', { name: `Order Now: ${item.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  const orderPage = page.url();

  const fillAndOrder = async () => {
    await page.getByLabel('Phone', { exact: true }).fill('+1 555 0100');
    await page.getByLabel('Address', { exact: true }).fill('1 Confirm Road, Springfield');
    await page.getByLabel('Quantity').fill(String(item.minquantity));
    await page.getByRole('button', { name: 'Order', exact: true }).click();
  };
  await fillAndOrder();
  const notice = page.getByRole('alert').filter({ hasText: orderLimitMessages.emailNotConfirmed });
  await expect(notice).toBeVisible();
  await expectAccessible();

  // Sign-up mailed one link already; the button asks for another.
  await expect.poll(() => linksTo(strict.smtp, customer.email).length).toBe(1);
  await notice.getByRole('button', { name: orderLimitMessages.resendConfirmation }).click();
  await expect(notice.getByText(orderLimitMessages.confirmationSent(customer.email))).toBeVisible();
  await expect.poll(() => linksTo(strict.smtp, customer.email).length).toBe(2);
  await expectAccessible();

  // The new link confirms the address, says so (issue 22, defect 28) and leads back to the order
  // page.
  await page.goto(linksTo(strict.smtp, customer.email)[1]!);
  await expect(
    page.getByRole('heading', { level: 1, name: emailConfirmationMessages.title }),
  ).toBeVisible();
  await expect(page.getByText(emailConfirmationMessages.confirmed)).toBeVisible();
  await expectAccessible();
  await page.getByRole('link', { name: emailConfirmationMessages.continue }).click();
  await expect(page).toHaveURL(orderPage);
  await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
  await fillAndOrder();
  await expectToastShown(page, messages.orderSuccess);
  await expect(notice).toBeHidden();
  await expectAccessible();
});

test('the sign-up link says the address is confirmed, and a used link says it did not work', async ({
  page,
  strict,
  expectAccessible,
}) => {
  const customer = await registerThroughPage(page, 'landing');
  await expect.poll(() => linksTo(strict.smtp, customer.email).length).toBe(1);
  const link = linksTo(strict.smtp, customer.email)[0]!;
  await page.goto(link);
  await expect(
    page.getByRole('heading', { level: 1, name: emailConfirmationMessages.title }),
  ).toBeVisible();
  await expect(page.getByText(emailConfirmationMessages.confirmed)).toBeVisible();
  await expectAccessible();
  await page.screenshot({ path: 'test-results/shots/checkout-ux/email-confirmed-1280.png' });
  await page.getByRole('link', { name: emailConfirmationMessages.continue }).click();
  await expect(page).toHaveURL(/\/$/);

  // A link whose token was tampered with lands on the same page, which says so.
  const forged = new URL(link);
  forged.searchParams.set('token', 'not-a-token');
  await page.goto(forged.href);
  await expect(
    page.getByRole('heading', { level: 1, name: emailConfirmationMessages.failedTitle }),
  ).toBeVisible();
  await expect(page.getByText(emailConfirmationMessages.invalid)).toBeVisible();
  await expectAccessible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/shots/checkout-ux/email-link-invalid-390.png' });
});
