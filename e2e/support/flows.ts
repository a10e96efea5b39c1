import { expect, type Locator, type Page } from '@playwright/test';
import { accountPageMessages } from '@shop/shared';
import { newCustomer } from './accounts.js';

/** Registers a new customer through the Register page and waits to be signed in. */
export async function registerThroughPage(page: Page, label = 'customer') {
  const customer = newCustomer(label);
  await page.goto('/register');
  await page.getByLabel('Name').fill(customer.name);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Register' }).click();
  // A phone keeps LogOut in the closed menu.
  const menu = page.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
  return customer;
}

/** Logs in through the Login page (already on it, or goes there). */
export async function logInThroughPage(page: Page, email: string, password: string) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'LogOut' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Presses a confirmation dialog's button and waits for the dialog to close. sweetalert2 scales
 * its dialog in; on a loaded machine Playwright can find the button "stable" between two slow
 * animation frames and click where it was a moment before, which misses it (seen in CI). So
 * while the dialog is still open after a try, press again; a dialog that closed is never
 * pressed twice. It waits for the dialog first: called right after the click that opens it, a
 * dialog not drawn yet looked closed, and nothing was pressed (seen in CI).
 */
export async function confirmIn(dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible())
      await dialog.getByRole('button', { name }).click({ timeout: 2_000 });
    await expect(dialog).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Presses a confirmation dialog's button until `outcome` shows (a dialog whose content turns
 * into its result, such as 'Deleted!'): the same missed click as `confirmIn` guards against, for
 * a dialog that stays open. The button is pressed again only while neither the outcome nor the
 * request it started is showing (sweetalert2 disables it while its request runs).
 */
export async function confirmUntil(dialog: Locator, name: string, outcome: Locator) {
  await expect(async () => {
    if (!(await outcome.isVisible())) {
      const button = dialog.getByRole('button', { name });
      if (await button.isEnabled().catch(() => false)) await button.click({ timeout: 2_000 });
    }
    await expect(outcome).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Mark Paid's dialog (ux 2026-11-28 #15) asks for the bank transfer received: its amount and day
 * start filled (the order's total, today), its reference is typed here.
 */
export async function fillMarkPaid(scope: Page | Locator, reference = 'RF-E2E-0001') {
  const field = scope.getByLabel(accountPageMessages.referenceLabel, { exact: true });
  await expect(field).toBeVisible();
  await field.fill(reference);
}
