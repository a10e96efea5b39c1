// The sign-in flood case of `npm run bench` (issue 10, point 3): 50 connections of wrong
// passwords against the built shop on this machine, with the sign-in limits raised out of the way
// (the worst case: an attacker with many addresses), while one more connection loads `/` the way
// a visitor would. Before the fix the pages took 5-7 s under this flood (29 ms idle), because
// password hashing filled the thread pool that static files and compression share.
import { loadRun } from './load.mjs';
import { api } from './shop.mjs';

/** Issue 10's target for the home page under the flood. */
export const FLOOD_TARGET = { maxP95Ms: 200 };

/** Connections of wrong passwords. */
export const FLOOD_CONNECTIONS = 50;

/**
 * @param {{ url: string, pid: number }} shop A started shop (see startShop).
 * @param {{ duration: number, warmup: number }} load Seconds per run.
 */
export async function runFlood(shop, { duration, warmup }) {
  const email = `bench-flood-${process.pid}-${Date.now()}@example.com`;
  await api(`${shop.url}/api/auth/sign-up/email`, {
    method: 'POST',
    body: { email, password: 'bench-flood-password-1', name: 'Flood Victim' },
  });
  const home = { url: `${shop.url}/`, pid: shop.pid };
  const signIn = {
    url: `${shop.url}/api/auth/sign-in/email`,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: shop.url },
    body: JSON.stringify({ email, password: 'not-the-password-at-all' }),
  };
  const one = { warmup: 0, duration, connections: 1, pipelining: 1 };

  // `/` alone first, then `/` while the flood runs (the flood warms up before either is measured).
  const idle = await loadRun(home, { ...one, warmup });
  const flood = loadRun(signIn, {
    warmup: 0,
    duration: duration + warmup,
    connections: FLOOD_CONNECTIONS,
    pipelining: 1,
  });
  await new Promise((resolve) => setTimeout(resolve, warmup * 1000));
  const [page, attack] = await Promise.all([loadRun(home, one), flood]);
  return {
    idle,
    page,
    attack,
    met: page.p95 <= FLOOD_TARGET.maxP95Ms && page.non2xx === 0 && page.errors === 0,
  };
}
