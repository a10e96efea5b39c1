import { defaultFakeGoogleAccounts } from './fake-google.js';

/** The admin the browser tests' shop is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = {
  email: 'admin@e2e.example.com',
  password: 'admin-password-e2e',
} as const;

/** The account the stand-in Google knows that the shop has not seen. */
export const GOOGLE_ACCOUNT = defaultFakeGoogleAccounts[0]!;

/** A Google account whose address a test also registers with a password (never confirmed). */
export const GOOGLE_PASSWORD_ACCOUNT = defaultFakeGoogleAccounts[1]!;

let counter = 0;

/** A new customer's details, unique across workers and runs. */
export function newCustomer(label = 'customer') {
  counter += 1;
  const id = `${process.pid}-${Date.now()}-${counter}`;
  return {
    name: `Test ${label} ${counter}`,
    email: `${label}-${id}@example.com`,
    password: 'a-long-enough-password',
  };
}
