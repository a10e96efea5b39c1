import {
  apiErrorSchema,
  productListSchema,
  SEARCH_MATCH_HEADER,
  searchSynonymListSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { demoProducts } from '../../db/seed/demo-data.js';
import { seedDemoData } from '../../db/seed/seed.js';
import { testDatabases } from '../../test/databases.js';
import { bearer, registerAccount, registerAdmin } from '../../test/factories.js';
import { withShop } from '../../test/shop.js';

/**
 * Issue 22, defect 3: the words buyers typed in the usability review, against the demo catalog
 * (apps/server/src/db/seed), and the product each must find first.
 */
const names = demoProducts.map((p) => p.name);
const POWER_SUPPLIES = demoProducts
  .filter((p) => p.category === 'power-supplies')
  .map((p) => p.name);
const VORTEX = 'Vortex RGB Gaming Case';
const M3 = 'ForgeLine M3 ATX Mid-Tower Case';

const SEARCH_SET: [q: string, first: string, why: string][] = [
  [
    'psu',
    'PowerCore 550W 80+ Bronze Power Supply',
    'a synonym of the category: power supplies first',
  ],
  ['PSU', 'PowerCore 550W 80+ Bronze Power Supply', 'in any case'],
  ['midtower', M3, 'folded: mid-tower in the name'],
  ['mid tower', M3, 'folded: mid tower is midtower'],
  ['mid-tower', M3, 'as written'],
  ['midi tower', M3, 'a synonym of mid tower'],
  ['120mm fan', M3, 'no fans are sold: the first case whose specs hold 120 mm fans'],
  ['fan', M3, 'a passing mention only (its specs: fans included): catalog order'],
  ['PC-750-GM', 'PowerCore 750W 80+ Gold Modular Power Supply', 'a SKU, exact'],
  ['pc750gm', 'PowerCore 750W 80+ Gold Modular Power Supply', 'a SKU without its hyphens'],
  ['750 W', 'PowerCore 750W 80+ Gold Modular Power Supply', 'a number and its unit apart'],
  ['80+ gold', 'PowerCore 750W 80+ Gold Modular Power Supply', '80 PLUS written short'],
  ['gaming cases', 'Vortex RGB Gaming Case', 'a category by name'],
  ['power supplies', 'PowerCore 550W 80+ Bronze Power Supply', 'a category by name'],
  ['gpu', 'ForgeLine M3 ATX Mid-Tower Case', 'a word of the specs'],
  ['graphics card', 'ForgeLine M3 ATX Mid-Tower Case', 'a synonym of gpu, in the specs'],
];

describe.each(testDatabases)('the search set on $name', (kind) => {
  const shop = withShop(kind, { before: (db) => seedDemoData(db) });
  const search = (q: string) =>
    shop.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}` });
  const found = async (q: string) =>
    productListSchema.parse((await search(q)).json()).map((p) => p.name);

  it.each(SEARCH_SET)('finds for %j first %s (%s)', async (q, first) => {
    const res = await search(q);
    expect(res.statusCode).toBe(200);
    expect(productListSchema.parse(res.json())[0]?.name).toBe(first);
  });

  it('lists every power supply for psu, and the cases that mention one (a PSU shroud) after them', async () => {
    const list = await found('psu');
    expect(list.slice(0, POWER_SUPPLIES.length).sort()).toEqual([...POWER_SUPPLIES].sort());
    // Decision (docs/decisions/2026-11-26-search-folding-synonyms.md): a passing mention is a
    // match, shown after every product the word names: the Vortex's "PSU shroud", the Nova's
    // "fits ... SFX power supplies".
    expect(list.slice(POWER_SUPPLIES.length)).toEqual([VORTEX, 'Nova Mini-ITX Gaming Case']);
    expect((await search('psu')).headers[SEARCH_MATCH_HEADER]).toBe('name');
  });

  it('ranks a name match above a passing mention', async () => {
    const list = await found('midtower');
    expect(list).toEqual([M3, VORTEX]);
  });

  it('says when the best match is a passing mention (fan: no fans are sold)', async () => {
    const res = await search('fan');
    expect(res.statusCode).toBe(200);
    expect(res.headers[SEARCH_MATCH_HEADER]).toBe('text');
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBeGreaterThan(0);
    // Catalog order among equals.
    const list = await found('fan');
    expect(list).toEqual(names.filter((n) => list.includes(n)));
  });

  it('answers nothing, and no match header, when nothing matches', async () => {
    const res = await search('zeppelin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('0');
    expect(res.headers[SEARCH_MATCH_HEADER]).toBeUndefined();
  });

  it('keeps an asked sort over the ranking', async () => {
    const list = await found('psu');
    const res = await shop.app.inject({ method: 'GET', url: '/api/products?q=psu&sort=-price' });
    const sorted = productListSchema.parse(res.json());
    expect(sorted.map((p) => p.name).sort()).toEqual([...list].sort());
    expect(sorted.map((p) => p.price)).toEqual(sorted.map((p) => p.price).sort((a, b) => b - a));
  });

  it('keeps GET /api/products without a query answering the whole catalog, in catalog order', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/products' });
    expect(productListSchema.parse(res.json()).map((p) => p.name)).toEqual(names);
    expect(res.headers[SEARCH_MATCH_HEADER]).toBeUndefined();
  });
});

describe.each(testDatabases)('search synonyms on $name', (kind) => {
  const shop = withShop(kind, { before: (db) => seedDemoData(db) });
  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token?: string,
    payload?: object,
  ) =>
    shop.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload && { payload }),
    });
  const found = async (q: string) =>
    productListSchema
      .parse((await inject('GET', `/api/products?q=${encodeURIComponent(q)}`)).json())
      .map((p) => p.name);

  it('lets only an admin list, add and remove them', async () => {
    const admin = await registerAdmin(shop.app, shop.db);
    const customer = await registerAccount(shop.app);
    for (const token of [undefined, customer.token]) {
      const status = token ? 403 : 401;
      expect((await inject('GET', '/api/search-synonyms', token)).statusCode).toBe(status);
      const add = await inject('POST', '/api/search-synonyms', token, {
        term: 'box',
        expansion: 'case',
      });
      expect(add.statusCode).toBe(status);
    }
    const list = await inject('GET', '/api/search-synonyms', admin.token);
    expect(list.statusCode).toBe(200);
    const seeded = searchSynonymListSchema.parse(list.json());
    expect(seeded).toContainEqual(
      expect.objectContaining({ term: 'psu', expansion: 'power supply' }),
    );
    const psu = seeded.find((s) => s.term === 'psu');
    if (!psu) throw new Error('psu is seeded');
    for (const token of [undefined, customer.token]) {
      const res = await inject('DELETE', `/api/search-synonyms/${psu._id}`, token);
      expect(res.statusCode).toBe(token ? 403 : 401);
    }
    expect(
      searchSynonymListSchema.parse(
        (await inject('GET', '/api/search-synonyms', admin.token)).json(),
      ),
    ).toEqual(seeded);
  });

  it('finds by a new synonym at once, and no longer after it is removed', async () => {
    const admin = await registerAdmin(shop.app, shop.db);
    expect(await found('netzteil')).toEqual([]);
    const added = await inject('POST', '/api/search-synonyms', admin.token, {
      term: '  Netzteil ',
      expansion: 'Power-Supply',
    });
    expect(added.statusCode).toBe(200);
    const { insertedId, synonym } = added.json() as { insertedId: string; synonym: object };
    // Stored folded: what the search compares.
    expect(synonym).toEqual({ _id: insertedId, term: 'netzteil', expansion: 'powersupply' });
    // `powersupply` is not `power supply`: the folding keeps words apart.
    expect(await found('netzteil')).toEqual([]);
    await inject('DELETE', `/api/search-synonyms/${insertedId}`, admin.token);
    const again = await inject('POST', '/api/search-synonyms', admin.token, {
      term: 'netzteil',
      expansion: 'power supply',
    });
    expect(again.statusCode).toBe(200);
    const list = await found('netzteil');
    expect(list.slice(0, POWER_SUPPLIES.length).sort()).toEqual([...POWER_SUPPLIES].sort());
    // Either side finds the other: a search for the expansion is unchanged, it names them.
    const removed = await inject(
      'DELETE',
      `/api/search-synonyms/${(again.json() as { insertedId: string }).insertedId}`,
      admin.token,
    );
    expect(removed.json()).toEqual({ deletedCount: 1 });
    expect(await found('netzteil')).toEqual([]);
  });

  it.each([
    [{ term: '', expansion: 'case' }, 'term'],
    [{ term: 'box' }, 'expansion'],
    [{ term: 'x'.repeat(61), expansion: 'case' }, 'term'],
    [{ term: '---', expansion: 'case' }, 'term'],
    [{ term: 'Mid-Tower', expansion: 'mid tower' }, 'expansion'],
    [{ term: 'box\u0000', expansion: 'case' }, 'term'],
  ])('refuses %j with a 400 naming %s, and adds nothing', async (payload, field) => {
    const admin = await registerAdmin(shop.app, shop.db);
    const before = (await inject('GET', '/api/search-synonyms', admin.token)).body;
    const res = await inject('POST', '/api/search-synonyms', admin.token, payload);
    expect(res.statusCode).toBe(400);
    expect(apiErrorSchema.parse(res.json()).error.fields?.[field]).toBeDefined();
    expect((await inject('GET', '/api/search-synonyms', admin.token)).body).toBe(before);
  });

  it('refuses a pair already there, in either order, with a 409', async () => {
    const admin = await registerAdmin(shop.app, shop.db);
    for (const payload of [
      { term: 'PSU', expansion: 'power supply' },
      { term: 'Power Supply', expansion: 'psu' },
    ]) {
      const res = await inject('POST', '/api/search-synonyms', admin.token, payload);
      expect(res.statusCode).toBe(409);
      expect(apiErrorSchema.parse(res.json()).error.fields?.['term']).toBeDefined();
    }
  });

  it('answers 404 for a synonym that is not there', async () => {
    const admin = await registerAdmin(shop.app, shop.db);
    for (const id of ['nope', '0123456789abcdef01234567']) {
      expect((await inject('DELETE', `/api/search-synonyms/${id}`, admin.token)).statusCode).toBe(
        404,
      );
    }
  });
});
