import { startFakeGoogle } from './fake-google.js';
import { freePort, startShop } from './shop.js';

/**
 * Starts a local OpenID provider standing in for Google, then the built shop on a free port with
 * a fresh temporary database, configured for that provider and with a known admin (see
 * `startShop`). Hands the shop's address to the tests through E2E_BASE_URL and returns the
 * teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const google = await startFakeGoogle({ redirectUri: `${baseUrl}/api/auth/callback/google` });
  const shop = await startShop({
    port,
    env: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER_URL: google.issuer,
    },
  }).catch(async (error: unknown) => {
    await google.close();
    throw error;
  });
  process.env['E2E_BASE_URL'] = shop.url;

  return async () => {
    await shop.stop();
    await google.close();
  };
}
