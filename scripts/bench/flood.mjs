// The flood cases of `npm run bench`: one client floods the built shop with 50 connections while
// one more connection loads `/` the way a visitor would, and the p95 of `/` is compared with the
// target. `/` is measured idle first, on the same shop, for comparison.
// - signin (issue 10, point 3): wrong passwords for one account with the sign-in limits and the
//   request budget raised out of the way (the worst case: an attacker with many addresses);
//   meanwhile the account's owner signs in from a browser the shop knows (its device cookie),
//   and the time that takes is reported too (finding 7). Before issue 10 the pages took 5-7 s.
// - invoice (finding 2): the client's own 10-line order's invoice PDF, with its API token.
// - search (finding 7): a product search of many words, anonymously.
// - missing (finding 7): an order that does not exist (404), with an API token.
// - pages (security 2026-11-28 #2): what made the server draw a page before: `/?x=<id>` and `/`
//   with an `Origin` header, and a search's results page `/products?q=<id>` (always drawn),
//   anonymously.
// - pages-tokens (#2): the search's results page with the tokens of 10 accounts in turn, from
//   one address (each token was a budget of its own before).
// - artwork (security 2026-11-28 #3): the client's own quote's 4.9 MB PDF artwork, with its
//   API token, on 20 connections (the probe's figure: `/` p95 3.0 s before the fix).
// The others run with the shop's own limits (the request budget, the invoice limit): they
// measure those. The shop trusts a proxy on loopback, and the flooding client and the visitor
// loading `/` are two addresses behind it (X-Forwarded-For): a kept page costs the budget too.
import { setTimeout as sleep } from 'node:timers/promises';
import { loadRun, percentile } from './load.mjs';
import { api, customerToken, FLOOD_MEASURED_LIMITS } from './shop.mjs';

/** The target for the home page under any flood. */
export const FLOOD_TARGET = { maxP95Ms: 200 };

/** Connections of the flooding client. */
export const FLOOD_CONNECTIONS = 50;

/** The flood cases, in the order they run: `--cases=flood` runs them all. */
export const FLOOD_CASES = [
  'flood-signin',
  'flood-invoice',
  'flood-search',
  'flood-missing',
  'flood-artwork',
  'flood-pages',
  'flood-pages-tokens',
];

/** Cases that flood with fewer connections than FLOOD_CONNECTIONS (the probe's own figure). */
const CASE_CONNECTIONS = { 'flood-artwork': 20 };

/** The connections of a flood case's client. */
export function floodConnections(name) {
  return CASE_CONNECTIONS[name] ?? FLOOD_CONNECTIONS;
}

/** The artwork of the artwork flood: a PDF just under the 5 MB limit. */
const ARTWORK_BYTES = Math.floor(4.9 * 1024 * 1024);

/** The addresses of the flooding client and of the visitor, as the proxy on loopback names them. */
const FLOODER = { 'x-forwarded-for': '192.0.2.66' };
const VISITOR = { 'x-forwarded-for': '192.0.2.1' };

/** Variables of each case's shop: a proxy on loopback names the clients. */
export function floodShopEnv() {
  return { TRUST_PROXY: '127.0.0.1' };
}

/** Accounts whose tokens the flood-pages-tokens client sends in turn. */
const TOKEN_ACCOUNTS = 10;

const OWNER_PASSWORD = 'bench-flood-password-1';

/** A search of many words, each a few letters (what the report sent, made valid). */
const MANY_WORDS = 'atx tower case black glass mesh rgb fan quiet steel mini gaming psu';

/** The limits each case's shop leaves at the shop's defaults (the rest are raised). */
export function floodShopLimits(name) {
  return name === 'flood-signin' ? [] : FLOOD_MEASURED_LIMITS;
}

/**
 * What the flooding client sends, set up on a fresh shop.
 * @param {string} name One of FLOOD_CASES.
 * @param {{ url: string }} shop
 */
async function floodRequest(name, shop) {
  if (name === 'flood-pages' || name === 'flood-pages-tokens') return pageFloodRequest(name, shop);
  if (name === 'flood-signin') {
    const email = `bench-flood-${process.pid}-${Date.now()}@example.com`;
    await api(`${shop.url}/api/auth/sign-up/email`, {
      method: 'POST',
      body: { email, password: OWNER_PASSWORD, name: 'Flood Victim' },
    });
    // The owner signs in once before the flood: the browser the shop will know again.
    const { res } = await api(`${shop.url}/api/auth/sign-in/email`, {
      method: 'POST',
      body: { email, password: OWNER_PASSWORD },
    });
    const device = res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .find((cookie) => cookie.startsWith('caseforge.device='));
    return {
      email,
      device,
      request: {
        url: `${shop.url}/api/auth/sign-in/email`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.url },
        body: JSON.stringify({ email, password: 'not-the-password-at-all' }),
      },
    };
  }
  if (name === 'flood-search') {
    return {
      request: { url: `${shop.url}/api/products?q=${encodeURIComponent(MANY_WORDS)}&page=1` },
    };
  }
  const token = await customerToken(shop.url);
  const authorization = { authorization: `Bearer ${token}` };
  if (name === 'flood-artwork') return artworkFloodRequest(shop, token);
  if (name === 'flood-missing') {
    return {
      request: { url: `${shop.url}/api/orders/${'0'.repeat(24)}`, headers: authorization },
    };
  }
  // flood-invoice: an order of 10 lines, each product's minimum, with a long address.
  const { json: products } = await api(`${shop.url}/api/products?limit=24`);
  const lines = products.slice(0, 10).map((p) => ({ productId: p._id, quantity: p.minquantity }));
  const { json: placed } = await api(`${shop.url}/api/orders`, {
    method: 'POST',
    token,
    body: { lines, phone: '+1 555 0100', address: `1 Bench Street, ${'Springfield '.repeat(40)}` },
  });
  return {
    request: {
      url: `${shop.url}/api/orders/${placed.insertedId}/invoice`,
      headers: authorization,
    },
  };
}

/**
 * The artwork flood (security 2026-11-28 #3): a quote of the customer's with a 4.9 MB PDF as its
 * artwork; the flood downloads it with the customer's token.
 */
async function artworkFloodRequest(shop, token) {
  const { json: products } = await api(`${shop.url}/api/products?limit=1`);
  const { json: created } = await api(`${shop.url}/api/quotes`, {
    method: 'POST',
    token,
    body: { lines: [{ productId: products[0]._id, quantity: 5000 }], note: 'Bench artwork' },
  });
  const form = new FormData();
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(ARTWORK_BYTES - 9, 0x20)]);
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), 'artwork.pdf');
  const res = await fetch(`${shop.url}/api/quotes/${created.insertedId}/attachment`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: shop.url },
    body: form,
  });
  if (!res.ok) throw new Error(`artwork upload: ${res.status} ${await res.text()}`);
  return {
    request: {
      url: `${shop.url}/api/quotes/${created.insertedId}/attachment`,
      headers: { authorization: `Bearer ${token}` },
    },
  };
}

/**
 * What the drawn-page floods send: each connection takes the requests in turn, `[<id>]` a new id
 * each time (autocannon's idReplacement).
 * @param {'flood-pages' | 'flood-pages-tokens'} name
 * @param {{ url: string }} shop
 */
async function pageFloodRequest(name, shop) {
  const { origin } = new URL(shop.url);
  if (name === 'flood-pages') {
    return {
      request: {
        url: shop.url,
        idReplacement: true,
        requests: [
          { path: '/?x=[<id>]', headers: { origin } },
          { path: '/', headers: { origin: 'https://elsewhere.example' } },
          { path: '/products?q=case[<id>]' },
        ],
      },
    };
  }
  // Set up from the bench's own address, paced by its budget (a sign-up and a sign-in cost 20).
  const tokens = [];
  for (let n = 0; n < TOKEN_ACCOUNTS; n += 1) {
    if (n > 0) await sleep(1100);
    tokens.push(await customerToken(shop.url));
  }
  return {
    request: {
      url: shop.url,
      idReplacement: true,
      requests: tokens.map((token) => ({
        path: '/products?q=case[<id>]',
        headers: { authorization: `Bearer ${token}` },
      })),
    },
  };
}

/** The request with the flooding client's address on it (and on each of its `requests`). */
function fromFlooder(request) {
  return {
    ...request,
    headers: { ...request.headers, ...FLOODER },
    ...(request.requests
      ? {
          requests: request.requests.map((one) => ({
            ...one,
            headers: { ...one.headers, ...FLOODER },
          })),
        }
      : {}),
  };
}

/**
 * The owner of the flooded account signing in from a browser the shop knows, one attempt every
 * half second until `until`: the answers' times and statuses.
 */
async function returningCustomer(shop, email, device, until) {
  const password = OWNER_PASSWORD;
  /** @type {number[]} */
  const times = [];
  /** @type {Record<string, number>} */
  const statusCodes = {};
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${shop.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: shop.url,
        ...(device ? { cookie: device } : {}),
      },
      body: JSON.stringify({ email, password }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    statusCodes[res.status] = (statusCodes[res.status] ?? 0) + 1;
    await sleep(500);
  }
  const sorted = Float64Array.from(times).sort();
  return {
    hadDeviceCookie: Boolean(device),
    attempts: times.length,
    statusCodes,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/**
 * One flood case on a started shop.
 * @param {string} name One of FLOOD_CASES.
 * @param {{ url: string, pid: number }} shop A started shop (see startShop).
 * @param {{ seconds: number, warmup: number }} load Seconds of the measured flood, and before it.
 */
export async function runFlood(name, shop, { seconds, warmup }) {
  const { request, email, device } = await floodRequest(name, shop);
  // A visitor's pace (10 a second, within its own budget: a kept page costs 1 since 2026-11-28).
  const home = { url: `${shop.url}/`, pid: shop.pid, headers: VISITOR, overallRate: 10 };
  const one = { warmup: 0, duration: seconds, connections: 1, pipelining: 1 };

  // `/` alone first, then `/` while the flood runs (the flood warms up before it is measured).
  const idle = await loadRun(home, { ...one, warmup });
  // The owner's sign-in without a flood, for comparison.
  const ownerIdle =
    name === 'flood-signin' && email
      ? await returningCustomer(shop, email, device, Date.now() + 2500)
      : undefined;
  const flood = loadRun(fromFlooder(request), {
    warmup: 0,
    duration: seconds + warmup,
    connections: floodConnections(name),
    pipelining: 1,
  });
  await sleep(warmup * 1000);
  const customer =
    name === 'flood-signin' && email
      ? returningCustomer(shop, email, device, Date.now() + seconds * 1000)
      : undefined;
  const [page, attack, owner] = await Promise.all([loadRun(home, one), flood, customer]);
  return {
    name,
    idle,
    page,
    attack,
    ...(owner ? { returningCustomer: { idle: ownerIdle, underFlood: owner } } : {}),
    met: page.p95 <= FLOOD_TARGET.maxP95Ms && page.non2xx === 0 && page.errors === 0,
  };
}
