import type { Page } from '@playwright/test';
import { confirmMessages, identityMessages, messages } from '@shop/shared';
import { E2E_ADMIN, GOOGLE_ACCOUNT, GOOGLE_PASSWORD_ACCOUNT } from './support/accounts.js';
import { expect, expectToastShown, test } from './support/fixtures.js';
import { logInThroughPage, logOut, registerThroughPage } from './support/flows.js';

const token = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

test.describe('accounts', () => {
  test('register, log out, and log in again', async ({ page }) => {
    const customer = await registerThroughPage(page);
    await expect(page).toHaveURL(/\/$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(await token(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    await logOut(page);
    expect(await token(page)).toBeNull();
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();

    await logInThroughPage(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/$/);
    expect(await token(page)).not.toBeNull();
  });

  test('a protected page sends you to log in and back to it', async ({
    page,
    expectAccessible,
  }) => {
    const customer = await registerThroughPage(page);
    await logOut(page);

    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
    await expectAccessible();
    await logInThroughPage(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('heading', { name: 'Current Profile!' })).toBeVisible();
  });

  test('a wrong password shows the identity service message', async ({ page }) => {
    const customer = await registerThroughPage(page);
    await logOut(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill('not-the-right-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/invalid email or password/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('finding 8: registering a taken address says to check the mail, not that it is taken', async ({
    page,
  }) => {
    const customer = await registerThroughPage(page);
    await logOut(page);
    await page.goto('/register');
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill('another-password-1');
    const signUp = page.waitForResponse((res) => res.url().endsWith('/api/auth/sign-up/email'));
    await page.getByRole('button', { name: 'Register' }).click();
    expect((await signUp).status()).toBe(200);
    await expect(page.getByText(identityMessages.checkYourMail)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByText(/already exists|already registered|use another email/i),
    ).toHaveCount(0);
    expect(await token(page)).toBeNull();
    // The owner's password still signs in.
    await logInThroughPage(page, customer.email, customer.password);
  });

  test('a customer sees their dashboard menu and cannot open admin pages', async ({
    page,
    expectAccessible,
  }) => {
    await registerThroughPage(page);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText([
      'My Order',
      'My Quotes',
      'My Company',
      'My Review',
      'My Profile',
    ]);
    await expect(page.getByRole('heading', { name: 'My Order' })).toBeVisible();
    await expectAccessible();

    for (const path of ['/dashboard/users', '/dashboard/manage', '/addproduct']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });

  test('a customer updates their profile with only the fields they fill', async ({
    page,
    expectAccessible,
  }) => {
    const customer = await registerThroughPage(page);
    await page.goto('/dashboard/profile');
    const current = page.getByRole('region', { name: 'Current Profile!' });
    await expect(current).toContainText(customer.name);
    await expect(current).toContainText(customer.email);
    const form = page.getByRole('region', { name: 'Update Profile' });
    for (const label of ['Name', 'Location', 'Highest Education', 'Phone', 'LinkedIn']) {
      await expect(form.getByLabel(label)).toBeVisible();
    }
    await expectAccessible();

    await form.getByLabel('Phone', { exact: true }).fill('call me maybe');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(form.getByText('Enter a valid phone number')).toBeVisible();
    // The form moves focus to the invalid field (a moment after showing the error): typing
    // elsewhere before that would land in it.
    await expect(form.getByLabel('Phone', { exact: true })).toBeFocused();

    await form.getByLabel('Location').fill('Chattogram');
    await form.getByLabel('Highest Education').fill('BSc in Electrical Engineering');
    await form.getByLabel('Phone', { exact: true }).fill('+880 1712 345678');
    await form.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/test-customer');
    await form.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(messages.profileUpdated)).toBeVisible();
    // The form goes on showing the saved details (issue 22, review defect 25).
    await expect(form.getByLabel('Location')).toHaveValue('Chattogram');

    await expect(current).toContainText('Chattogram');
    await expect(current).toContainText('BSc in Electrical Engineering');
    await expect(current).toContainText('+880 1712 345678');
    await expect(current.getByRole('link', { name: 'Your Profile' })).toHaveAttribute(
      'href',
      'https://www.linkedin.com/in/test-customer',
    );
    // The name was not changed, so it was not sent and stays.
    await expect(current).toContainText(customer.name);
  });

  test('an admin sees the admin menu, and promotes and demotes a user', async ({
    page,
    browser,
    expectAccessible,
  }) => {
    const customerPage = await browser.newPage();
    const customer = await registerThroughPage(customerPage);

    await logInThroughPage(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByRole('link', { name: 'Dashboard' }).click();
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(menu.getByRole('link')).toHaveText([
      'My Profile',
      'Manage Product',
      'Manage Order',
      'Manage Quotes',
      'Manage Users',
      'Manage Companies',
      'Add Product',
      'Manage Reviews',
      'Search synonyms',
    ]);

    await menu.getByRole('link', { name: 'Manage Users' }).click();
    const table = page.getByRole('table');
    for (const column of ['Name', 'Email', 'UserID', 'Action']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expectAccessible();
    await expect(
      table
        .getByRole('row')
        .filter({ hasText: E2E_ADMIN.email })
        .getByRole('button', { name: /^Remove Admin/ }),
    ).toBeDisabled();
    // The new customer may be on a later page: the admin searches for them.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(customer.email);
    const row = table.getByRole('row').filter({ hasText: customer.email });

    await row.getByRole('button', { name: `Make Admin: ${customer.name}` }).click();
    await page.getByRole('button', { name: confirmMessages.makeAdminConfirm }).click();
    await expect(page.getByText(`${customer.name} is now an admin.`)).toBeVisible();
    await customerPage.goto('/dashboard');
    await expect(
      customerPage
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Manage Users' }),
    ).toBeVisible();

    await row.getByRole('button', { name: `Remove Admin: ${customer.name}` }).click();
    await page.getByRole('button', { name: confirmMessages.removeAdminConfirm }).click();
    await expect(page.getByText(`${customer.name} is now a regular user.`)).toBeVisible();
    await expect(row.getByRole('button', { name: `Make Admin: ${customer.name}` })).toBeVisible();
    await customerPage.reload();
    await expect(
      customerPage
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'My Order' }),
    ).toBeVisible();
    await customerPage.close();
  });

  test('a refused token signs the user out cleanly', async ({ page }) => {
    await registerThroughPage(page);
    const stored = (await token(page))!;
    const [head, payload] = stored.split('.');
    // Same header and claims, a signature the shop never made.
    await page.evaluate(
      (forged) => localStorage.setItem('accessToken', forged),
      `${head}.${payload}.forged`,
    );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expectToastShown(page, messages.signedOutExpired);
    expect(await token(page)).toBeNull();
  });

  test('Continue With Google signs in through Google and comes back', async ({ page }) => {
    await page.goto('/dashboard/profile');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Continue With Google' }).click();

    await expect(page.getByRole('heading', { name: 'Fake Google' })).toBeVisible();
    await page.getByLabel('Email').fill(GOOGLE_ACCOUNT.email);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole('region', { name: 'Current Profile!' })).toContainText(
      GOOGLE_ACCOUNT.name,
    );
    await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
    expect(await token(page)).not.toBeNull();
  });

  test('Continue With Google does not join an account whose email is unconfirmed, and says what to do', async ({
    page,
    baseURL,
    expectAccessible,
  }) => {
    // Registered with a password first (a second run of this test finds it there already).
    await page.request.post('/api/auth/sign-up/email', {
      headers: { origin: baseURL ?? '' },
      data: { ...GOOGLE_PASSWORD_ACCOUNT, password: 'a-long-enough-password' },
    });
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue With Google' }).click();
    await expect(page.getByRole('heading', { name: 'Fake Google' })).toBeVisible();
    await page.getByLabel('Email').fill(GOOGLE_PASSWORD_ACCOUNT.email);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(/\/login\?error=google/);
    await expect(page.getByText(identityMessages.googleNotLinked)).toBeVisible();
    await expectAccessible();
    expect(await token(page)).toBeNull();
  });

  test('forgot password asks for the email and confirms without telling who has an account', async ({
    page,
    expectAccessible,
  }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(messages.resetLinkSent)).toBeVisible();
    await expectAccessible();
  });
});
