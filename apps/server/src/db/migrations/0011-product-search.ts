import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Product search, filter and sort (DESIGN.md section 10, issue 14): `GET /api/products?q=`
 * answers from an index, never by reading every product.
 * - SQLite: `product_search`, an FTS5 table with the trigram tokenizer (substring and
 *   case-insensitive matching of 3 characters or more) over each product's name, description
 *   and SKU, kept in step by triggers. Its rows are found by rowid through
 *   `product_search_keys` (product id → FTS rowid): the products table has no integer key, and
 *   its implicit rowids may change on VACUUM, so they cannot be the link.
 * - PostgreSQL: a pg_trgm GIN index on `PRODUCT_SEARCH_TEXT` (the repository filters on the same
 *   expression, so the planner can use it).
 * - Both: indexes for the sorts (price, name, newest) alone and after a category, so a page of a
 *   category in any order is read in index order. The category's own index is their prefix.
 */
export function productSearch(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`create index products_price_idx on products (price_cents, id)`.execute(db);
      await sql`create index products_name_idx on products (lower(name), id)`.execute(db);
      await sql`create index products_category_created_at_idx on products (category, created_at, id)`.execute(
        db,
      );
      await sql`create index products_category_price_idx on products (category, price_cents, id)`.execute(
        db,
      );
      await sql`create index products_category_name_idx on products (category, lower(name), id)`.execute(
        db,
      );
      await db.schema.dropIndex('products_category_idx').execute();
      if (dialect === 'postgres') await trigramIndex(db);
      else await fullTextTable(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        // The extension stays: other schemas of the database may use it.
        await db.schema.dropIndex('products_search_trgm_idx').execute();
      } else {
        for (const trigger of ['insert', 'update', 'delete']) {
          await sql`drop trigger ${sql.id(`product_search_${trigger}`)}`.execute(db);
        }
        await sql`drop table product_search`.execute(db);
        await db.schema.dropTable('product_search_keys').execute();
      }
      await db.schema
        .createIndex('products_category_idx')
        .on('products')
        .column('category')
        .execute();
      for (const index of [
        'price',
        'name',
        'category_created_at',
        'category_price',
        'category_name',
      ]) {
        await db.schema.dropIndex(`products_${index}_idx`).execute();
      }
    },
  };
}

/**
 * What a search looks in on PostgreSQL: the index below is built on exactly this expression, and
 * `products.repository.ts` filters on it. The separator is a space, and search words never hold
 * one, so a word cannot match across two fields.
 */
export const PRODUCT_SEARCH_TEXT = sql<string>`lower(name || ' ' || description || ' ' || coalesce(sku, ''))`;

async function trigramIndex(db: Kysely<unknown>): Promise<void> {
  // Two schemas migrating at once (tests, or two shops in one database) would both try to
  // create the extension; it is one per database, so the second waits and then finds it.
  await sql`select pg_advisory_xact_lock(hashtext('shop-pg-trgm'))`.execute(db);
  const hasPublic = await sql<{ found: boolean }>`
    select exists (select 1 from pg_namespace where nspname = 'public') as found`.execute(db);
  // In `public` where there is one, so that dropping a shop's own schema never drops it.
  await (
    hasPublic.rows[0]?.found
      ? sql`create extension if not exists pg_trgm with schema public`
      : sql`create extension if not exists pg_trgm`
  ).execute(db);
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema;
  if (!schema) throw new Error('the pg_trgm extension is not installed');
  await sql`create index products_search_trgm_idx on products
    using gin ((${PRODUCT_SEARCH_TEXT}) ${sql.id(schema, 'gin_trgm_ops')})
    with (fastupdate = off)`.execute(db);
}

async function fullTextTable(db: Kysely<unknown>): Promise<void> {
  await sql`create table product_search_keys (
    search_rowid integer primary key,
    product_id varchar(24) not null unique
  )`.execute(db);
  await sql`create virtual table product_search
    using fts5(name, description, sku, tokenize = 'trigram')`.execute(db);
  await sql`insert into product_search_keys (product_id) select id from products`.execute(db);
  await sql`insert into product_search (rowid, name, description, sku)
    select k.search_rowid, p.name, p.description, coalesce(p.sku, '')
    from products p join product_search_keys k on k.product_id = p.id`.execute(db);
  const keyOf = (row: 'new' | 'old') =>
    sql`(select search_rowid from product_search_keys where product_id = ${sql.raw(row)}.id)`;
  await sql`create trigger product_search_insert after insert on products begin
    insert into product_search_keys (product_id) values (new.id);
    insert into product_search (rowid, name, description, sku)
      values (${keyOf('new')}, new.name, new.description, coalesce(new.sku, ''));
  end`.execute(db);
  // Only the searched fields: stock moves with every order and must not rewrite the index.
  await sql`create trigger product_search_update after update of name, description, sku
    on products begin
    update product_search
      set name = new.name, description = new.description, sku = coalesce(new.sku, '')
      where rowid = ${keyOf('old')};
  end`.execute(db);
  await sql`create trigger product_search_delete after delete on products begin
    delete from product_search where rowid = ${keyOf('old')};
    delete from product_search_keys where product_id = old.id;
  end`.execute(db);
}
