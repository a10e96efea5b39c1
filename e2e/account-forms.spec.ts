import { messages } from '@shop/shared';
import { expect, test } from './support/fixtures.js';

test.describe('login and register forms', () => {
  test('login shows its fields, links and validation messages', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue With Google' })).toBeVisible();

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(messages.emailRequired)).toBeVisible();
    await expect(page.getByText(messages.passwordRequired)).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(messages.emailInvalid)).toBeVisible();
    await expect(page.getByText(messages.passwordTooShort)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();

    await page.getByRole('link', { name: 'Please Registered' }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('register shows Join Us with its fields and validation messages', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Us' })).toBeVisible();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(messages.nameRequired)).toBeVisible();
    await expect(page.getByText(messages.emailRequired)).toBeVisible();
    await expect(page.getByText(messages.passwordRequired)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue With Google' })).toBeVisible();
    await expectAccessible();
    await page.getByRole('link', { name: 'Please Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
