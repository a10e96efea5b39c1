import {
  categorySearchText,
  foldSearchText,
  PRODUCT_CATEGORIES,
  productSearchText,
  specValueKey,
  type ProductCategory,
  type ProductSort,
  type ProductSpec,
} from '@shop/shared';
import {
  sql,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, OrderRow, ProductRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { likeLiteral } from '../../db/list-queries.js';
import { nowIso, toIso } from '../../db/time.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

/** A product's stored fields, prices in cents. */
export interface ProductFields {
  name: string;
  description: string;
  imgUrl: string;
  priceCents: number;
  aqty: number;
  minquantity: number;
  category: ProductCategory;
  sku: string | null;
  specs: ProductSpec[];
  increment: number;
  priceBreaks: { minQty: number; priceCents: number }[];
}

const columns = (f: ProductFields) => ({
  name: f.name,
  description: f.description,
  img_url: f.imgUrl,
  price_cents: f.priceCents,
  aqty: f.aqty,
  minquantity: f.minquantity,
  category: f.category,
  sku: f.sku,
  specs: JSON.stringify(f.specs.map(({ name, value }) => ({ name, value }))),
  increment: f.increment,
  price_breaks: JSON.stringify(
    f.priceBreaks.map(({ minQty, priceCents }) => ({ minQty, priceCents })),
  ),
  ...searchColumns(f),
});

/** What a search finds a product by (migration 0018), written with every create and edit. */
export const searchColumns = (
  f: Pick<ProductFields, 'name' | 'description' | 'sku' | 'category'> & {
    specs: readonly ProductSpec[];
  },
) => ({
  search_text: productSearchText(f),
  search_name: foldSearchText(f.name),
});

/**
 * A SKU names one product, in any case (`PRB-1` is `prb-1`, migration 0015): the unique index on
 * `lower(sku)` refuses a second one, even from a racing write.
 */
const SKU_INDEX = { index: 'products_sku_lower_idx', table: 'products', column: 'sku' } as const;
export const SKU_TAKEN = 'sku-taken';

/** A stock edit made against a figure the stock no longer has: the product as it is now. */
export interface StockChanged {
  kind: 'stock-changed';
  current: ProductRow;
}

/** What the orders module lends the catalog to remove a product that has orders. */
export interface ProductOrders {
  countForProduct(
    q: Kysely<Database> | Transaction<Database>,
    productId: string,
  ): Promise<{ orders: number; unpaidOrders: number }>;
  cancelAllForProduct(trx: Transaction<Database>, productId: string): Promise<OrderRow[]>;
  lockForRemoval(trx: Transaction<Database>, productId: string): Promise<void>;
}

/** What `GET /api/products` asks for, as the repository reads it. */
export interface ProductSearch {
  /**
   * What must match (`searchTerms` of packages/shared): each term is a list of folded
   * alternatives, and a product matches a term when its `search_text` holds one of them. Every
   * term must match (empty: every product).
   */
  terms: string[][];
  /** The search as typed: a product whose SKU it is, in any case, comes first. */
  exact?: string;
  category?: ProductCategory;
  /**
   * The spec filters (`formFactor=E-ATX`), each as the stored spellings that mean the chosen
   * value (products.service.ts resolves them with `normaliseSpec`): a product must be of one of
   * the facet's categories and have the spec with one of these values.
   */
  specs?: SpecMatch[];
  /** Absent: the best matches first (with terms), else catalog order. */
  sort?: ProductSort;
  /** The rows to answer; absent: every match. */
  window?: { limit: number; offset: number };
}

/** One spec filter as SQL reads it: the spec's name, its categories, the values that match. */
export interface SpecMatch {
  spec: string;
  categories: readonly ProductCategory[];
  /** The stored values (`specValueKey`: trimmed, lower-cased) that mean the chosen value. */
  values: string[];
}

/** The trigram index finds a text of at least this many characters; a shorter one is a filter. */
const TRIGRAM_LENGTH = 3;

/** A word as a LIKE pattern that matches it anywhere, `%`, `_` and `\` standing for themselves. */
const containsPattern = (word: string) => `%${likeLiteral(word)}%`;

/** A text as an FTS5 phrase: inside double quotes every character is literal (`""` is `"`). */
const ftsPhrase = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** A term the trigram index can find: every alternative long enough. */
const indexable = (term: string[]) => term.every((alt) => [...alt].length >= TRIGRAM_LENGTH);

/**
 * How well a product matches (issue 22): a SKU typed whole first, then for each term a category
 * match (the term names the product's category: `psu` lists power supplies) above a name match
 * above a passing mention anywhere else. A product whose relevance equals the number of terms
 * matched only in passing (RELEVANCE.TEXT each).
 */
export const RELEVANCE = { SKU: 1000, CATEGORY: 4, NAME: 2, TEXT: 1 } as const;

function relevance(search: ProductSearch): RawBuilder<number> {
  const parts = search.terms.map((term) => {
    const categories = PRODUCT_CATEGORIES.filter((category) =>
      term.some((alt) => categorySearchText[category].includes(alt)),
    );
    const inName = sql.join(
      term.map((alt) => sql`search_name like ${containsPattern(alt)} escape '\\'`),
      sql` or `,
    );
    const inCategory =
      categories.length > 0 ? sql`category in (${sql.join(categories)})` : sql`1 = 0`;
    return sql`case when ${inCategory} then ${sql.lit(RELEVANCE.CATEGORY)} when ${inName} then ${sql.lit(RELEVANCE.NAME)} else ${sql.lit(RELEVANCE.TEXT)} end`;
  });
  const exact = search.exact?.trim().toLowerCase();
  if (exact) {
    parts.push(sql`case when lower(sku) = ${exact} then ${sql.lit(RELEVANCE.SKU)} else 0 end`);
  }
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

type ProductQuery = SelectQueryBuilder<Database, 'products', object>;

/**
 * Each order is an index's (migrations 0001 and 0011), ties broken by id so that pages never
 * overlap; a descending sort breaks ties descending, so the index is read backwards.
 */
const ORDERS: Record<ProductSort | 'catalog', [RawBuilder<unknown>, 'asc' | 'desc'][]> = {
  catalog: [
    [sql`created_at`, 'asc'],
    [sql`id`, 'asc'],
  ],
  newest: [
    [sql`created_at`, 'desc'],
    [sql`id`, 'desc'],
  ],
  price: [
    [sql`price_cents`, 'asc'],
    [sql`id`, 'asc'],
  ],
  '-price': [
    [sql`price_cents`, 'desc'],
    [sql`id`, 'desc'],
  ],
  name: [
    [sql`lower(name)`, 'asc'],
    [sql`id`, 'asc'],
  ],
};

function inOrder<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  search: Pick<ProductSearch, 'sort' | 'terms'>,
): SelectQueryBuilder<DB, TB, O> {
  // The best matches first, then catalog order.
  const ranked = search.sort === undefined && search.terms.length > 0;
  const start = ranked ? query.orderBy(sql`relevance`, 'desc') : query;
  return ORDERS[search.sort ?? 'catalog'].reduce(
    (q, [by, direction]) => q.orderBy(by, direction),
    start,
  );
}

export type RemoveResult =
  { kind: 'gone' } | { kind: 'deleted' } | { kind: 'archived'; cancelled: OrderRow[] };

/**
 * Whether a product's `specs` (a JSON array of `{name, value}`) hold the spec `name` with one of
 * `values`, both compared trimmed and lower-cased (`specValueKey`). Read with each database's own
 * JSON function (json_each, jsonb_array_elements) from the stored column: no column of its own to
 * keep in step, and at most ~10k products, each with a handful of specs.
 */
function hasSpec(dialect: Dialect, name: string, values: string[]): RawBuilder<SqlBool> {
  const specName = specValueKey(name);
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  const list = sql.join(values.map((value) => sql`${value}`));
  return dialect === 'sqlite'
    ? sql<SqlBool>`exists (select 1 from json_each(products.specs) as spec where lower(trim(json_extract(spec.value, '$.name'))) = ${specName} and lower(trim(json_extract(spec.value, '$.value'))) in (${list}))`
    : sql<SqlBool>`exists (select 1 from jsonb_array_elements(products.specs::jsonb) as spec where lower(trim(spec.value ->> 'name')) = ${specName} and lower(trim(spec.value ->> 'value')) in (${list}))`;
}

export function createProductsRepository(db: Kysely<Database>, dialect: Dialect) {
  /**
   * The products of the catalog (never archived ones) that match. A term is found through the
   * index on `search_text` (migration 0018): on SQLite the FTS5 trigram table, on PostgreSQL the
   * pg_trgm index. A term with an alternative too short for trigrams is matched by LIKE on the
   * same text (on SQLite after the index has narrowed the rows, when another term could use it).
   */
  function matching(search: Pick<ProductSearch, 'terms' | 'category' | 'specs'>): ProductQuery {
    let query: ProductQuery = db.selectFrom('products').where('archived_at', 'is', null);
    if (search.category !== undefined) query = query.where('category', '=', search.category);
    for (const filter of search.specs ?? []) {
      query = query
        .where('category', 'in', [...filter.categories])
        .where(hasSpec(dialect, filter.spec, filter.values));
    }
    const indexed = dialect === 'sqlite' ? search.terms.filter(indexable) : [];
    if (indexed.length > 0) {
      // Every term must match (AND), each by one of its alternatives (OR).
      const match = indexed.map((term) => `(${term.map(ftsPhrase).join(' OR ')})`).join(' AND ');
      query = query.where(
        'products.id',
        'in',
        db
          .selectFrom('product_search')
          .innerJoin(
            'product_search_keys',
            'product_search_keys.search_rowid',
            'product_search.rowid',
          )
          .select('product_search_keys.product_id')
          .where(sql<SqlBool>`product_search match ${match}`),
      );
    }
    for (const term of search.terms.filter((t) => !indexed.includes(t))) {
      query = query.where(
        sql<SqlBool>`(${sql.join(
          term.map((alt) => sql`search_text like ${containsPattern(alt)} escape '\\'`),
          sql` or `,
        )})`,
      );
    }
    return query;
  }

  return {
    /** For reads another module makes about products, outside a transaction. */
    db,

    /**
     * One page of the matching products, in the asked order (catalog order: oldest first, so
     * the showcase is stable), and how many match in all.
     */
    async search(
      search: ProductSearch,
    ): Promise<{ rows: (ProductRow & { relevance: number | string })[]; total: number }> {
      const { page, count } = this.searchQueries(search);
      const rows = await page.execute();
      if (!search.window) return { rows, total: rows.length };
      const { total } = await count.executeTakeFirstOrThrow();
      return { rows, total: Number(total) };
    },

    /**
     * The queries `search` reads with (tests read their plans): the page, and how many match.
     * The count is a query of its own rather than a window over the page's rows, so that a page
     * of a category can stop early in index order, and the count need not read whole rows.
     */
    searchQueries(search: ProductSearch) {
      const matches = matching(search)
        .selectAll('products')
        .select(
          search.terms.length > 0
            ? relevance(search).as('relevance')
            : sql<number>`0`.as('relevance'),
        );
      const paged = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) => {
        const ordered = inOrder(query, search);
        const { window } = search;
        return window ? ordered.limit(window.limit).offset(window.offset) : ordered;
      };
      // PostgreSQL guesses how many products a search finds from each word alone, and when it
      // guesses many it walks the sort's index filtering every row: through the whole catalog
      // when the words are rare together. Found first through the trigram index (a
      // materialized CTE is a fence the planner keeps), the matches cost what they number (the
      // count reads them anyway), never the catalog's size.
      const fenced = dialect === 'postgres' && search.terms.some(indexable);
      return {
        page: fenced
          ? paged(
              db
                .with(
                  (cte) => cte('matches').materialized(),
                  () => matches,
                )
                .selectFrom('matches')
                .selectAll(),
            )
          : paged(matches),
        count: matching(search).select((eb) => eb.fn.countAll<number | string>().as('total')),
      };
    },

    /**
     * The specs of every product the search and category match (spec filters are applied by
     * the caller, per facet): what `GET /api/products/facets` counts. The same rows, through
     * the same indexes, as the list's count query; only the `specs` column is read.
     */
    specsQuery(search: Pick<ProductSearch, 'terms' | 'category'>) {
      return matching({ terms: search.terms, category: search.category }).select([
        'products.specs',
        'products.category',
      ]);
    },

    /**
     * The values (`specValueKey`) the catalog's products of these categories hold for a spec:
     * what a spec filter's chosen value is resolved against (products.service.ts). Reads the
     * categories' rows through their index; a few milliseconds at 10k products.
     */
    async specValues(spec: string, categories: readonly ProductCategory[]): Promise<string[]> {
      const name = specValueKey(spec);
      const rows =
        dialect === 'sqlite'
          ? await sql<{
              value: string;
            }>`select distinct lower(trim(json_extract(spec.value, '$.value'))) as value
              from products, json_each(products.specs) as spec
              where products.archived_at is null and products.category in (${sql.join([...categories])})
                and lower(trim(json_extract(spec.value, '$.name'))) = ${name}`.execute(db)
          : await sql<{
              value: string;
            }>`select distinct lower(trim(spec.value ->> 'value')) as value
              from products, jsonb_array_elements(products.specs::jsonb) as spec
              where products.archived_at is null and products.category in (${sql.join([...categories])})
                and lower(trim(spec.value ->> 'name')) = ${name}`.execute(db);
      return rows.rows.map((row) => row.value).filter((value) => typeof value === 'string');
    },

    /** Every product of the catalog and when it last changed, oldest first: the sitemap's. */
    async catalogDates(): Promise<{ id: string; updatedAt: string }[]> {
      const rows = await db
        .selectFrom('products')
        .select(['id', 'updated_at'])
        .where('archived_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ id: row.id, updatedAt: toIso(row.updated_at) }));
    },

    /** A product of the catalog: an archived one is only kept for its orders. */
    findById(id: string): Promise<ProductRow | undefined> {
      return db
        .selectFrom('products')
        .selectAll()
        .where('id', '=', id)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * The catalog's products (never archived ones) with these SKUs, in any case: one query
     * through the unique index on `lower(sku)` (migration 0015), however many SKUs are asked.
     */
    findBySkus(skus: readonly string[]): Promise<ProductRow[]> {
      const lowered = [...new Set(skus.map((sku) => sku.toLowerCase()))];
      if (lowered.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('products')
        .selectAll()
        .where(sql<string>`lower(sku)`, 'in', lowered)
        .where('archived_at', 'is', null)
        .execute();
    },

    /** The names of the products these ids name, archived ones included (saved order lists). */
    async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('products')
        .select(['id', 'name'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },

    async create(fields: ProductFields): Promise<ProductRow | typeof SKU_TAKEN> {
      const id = newId();
      const now = nowIso();
      try {
        await db
          .insertInto('products')
          .values({ id, ...columns(fields), created_at: now, updated_at: now })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return SKU_TAKEN;
        throw error;
      }
      const row = await this.findById(id);
      if (!row) throw new Error(`product ${id} vanished after its insert`);
      return row;
    },

    /**
     * Replaces a product's fields in one UPDATE. With `expectedAqty` (the stock the admin's form
     * opened with), the stock is part of the statement's condition: a new figure is written only
     * while the stock is still the one the admin saw (`aqty = expectedAqty` in the WHERE), so an
     * order placed meanwhile (which lowers it in its own conditional UPDATE) is never overwritten
     * and counted twice; when the figure is unchanged the stock is left out of the SET, and an
     * order placed meanwhile stays counted. Without it, `aqty` is written as sent (a stock count).
     */
    async update(
      id: string,
      fields: ProductFields,
      expectedAqty?: number,
    ): Promise<ProductRow | typeof SKU_TAKEN | StockChanged | undefined> {
      const { aqty, ...others } = columns(fields);
      const stockUntouched = expectedAqty !== undefined && expectedAqty === fields.aqty;
      const guarded = expectedAqty !== undefined && !stockUntouched;
      let updated: bigint;
      try {
        let query = db
          .updateTable('products')
          .set({
            ...others,
            ...(stockUntouched ? {} : { aqty }),
            updated_at: nowIso(),
          })
          .where('id', '=', id)
          .where('archived_at', 'is', null);
        if (guarded) query = query.where('aqty', '=', expectedAqty);
        updated = (await query.executeTakeFirst()).numUpdatedRows;
      } catch (error) {
        if (isUniqueViolation(error, SKU_INDEX)) return SKU_TAKEN;
        throw error;
      }
      const row = await this.findById(id);
      if (row && guarded && Number(updated) === 0) return { kind: 'stock-changed', current: row };
      return row;
    },

    /**
     * Removes a product from the catalog in one transaction: deleted when it has no orders;
     * otherwise archived (its orders keep it) with its unpaid orders cancelled, so nobody pays
     * for goods that will not ship.
     */
    remove(id: string, orders: ProductOrders): Promise<RemoveResult> {
      return db.transaction().execute(async (trx): Promise<RemoveResult> => {
        // Locks the product against an order being placed for it meanwhile, and the products
        // whose stock its unpaid orders give back, in the order an order takes them.
        await orders.lockForRemoval(trx, id);
        const archived = await trx
          .updateTable('products')
          .set({ archived_at: nowIso(), updated_at: nowIso() })
          .where('id', '=', id)
          .where('archived_at', 'is', null)
          .executeTakeFirst();
        if (Number(archived.numUpdatedRows) !== 1) return { kind: 'gone' };
        const { orders: count } = await orders.countForProduct(trx, id);
        if (count === 0) {
          await trx.deleteFrom('products').where('id', '=', id).execute();
          return { kind: 'deleted' };
        }
        return { kind: 'archived', cancelled: await orders.cancelAllForProduct(trx, id) };
      });
    },
  };
}

export type ProductsRepository = ReturnType<typeof createProductsRepository>;
