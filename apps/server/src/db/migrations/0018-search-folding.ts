import {
  foldSearchText,
  productSearchText,
  type ProductCategory,
  type ProductSpec,
} from '@shop/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { newId } from '../ids.js';

/**
 * Issue 22, defect 3: a search finds what buyers type.
 * - products `search_text`: the product's name, SKU, description, specs and category folded by
 *   `productSearchText` (packages/shared/src/catalog/search-fold.ts), written by the repository
 *   on every create and edit and here for the products already stored. `search_name`: the folded
 *   name alone, which ranks a name match above a passing mention.
 * - The indexes of migration 0011 move to `search_text`: on PostgreSQL the pg_trgm GIN index
 *   (same name), on SQLite the FTS5 trigram table (one column now), kept in step by triggers.
 * - `search_synonyms`: pairs the admin edits (`psu` = `power supply`), either side found by the
 *   other; seeded with DEFAULT_SYNONYMS.
 * Changing the folding later needs a migration that writes `search_text` again.
 */
export const DEFAULT_SYNONYMS: readonly [string, string][] = [
  ['psu', 'power supply'],
  ['gpu', 'graphics card'],
  ['mid tower', 'midi tower'],
  ['full tower', 'big tower'],
  ['matx', 'micro atx'],
  ['eatx', 'extended atx'],
  ['case', 'chassis'],
];

export function searchFolding(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('products')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('products')
        .addColumn('search_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const rows = await sql<{
        id: string;
        name: string;
        description: string;
        sku: string | null;
        specs: string;
        category: ProductCategory;
      }>`select id, name, description, sku, specs, category from products`.execute(db);
      for (const row of rows.rows) {
        const specs = JSON.parse(row.specs) as ProductSpec[];
        await sql`update products set
          search_text = ${productSearchText({ ...row, specs })},
          search_name = ${foldSearchText(row.name)}
          where id = ${row.id}`.execute(db);
      }
      if (dialect === 'postgres') await reindexPostgres(db, sql`search_text`);
      else await reindexSqlite(db, 'search_text');

      await db.schema
        .createTable('search_synonyms')
        .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('expansion', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('search_synonyms_pair_idx')
        .on('search_synonyms')
        .columns(['term', 'expansion'])
        .unique()
        .execute();
      const now = new Date().toISOString();
      for (const [term, expansion] of DEFAULT_SYNONYMS) {
        await sql`insert into search_synonyms (id, term, expansion, created_at)
          values (${newId()}, ${term}, ${expansion}, ${now})`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('search_synonyms').execute();
      if (dialect === 'postgres') {
        await reindexPostgres(
          db,
          sql`lower(name || ' ' || description || ' ' || coalesce(sku, ''))`,
        );
      } else {
        await reindexSqlite(db, 'fields');
      }
      await db.schema.alterTable('products').dropColumn('search_name').execute();
      await db.schema.alterTable('products').dropColumn('search_text').execute();
    },
  };
}

async function reindexPostgres(db: Kysely<unknown>, on: ReturnType<typeof sql>): Promise<void> {
  const installed = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = installed.rows[0]?.schema;
  if (!schema) throw new Error('the pg_trgm extension is not installed (migration 0011)');
  await db.schema.dropIndex('products_search_trgm_idx').execute();
  await sql`create index products_search_trgm_idx on products
    using gin ((${on}) ${sql.id(schema, 'gin_trgm_ops')})
    with (fastupdate = off)`.execute(db);
}

/** The FTS5 table over `search_text` (up) or over name, description and SKU again (down). */
async function reindexSqlite(db: Kysely<unknown>, over: 'search_text' | 'fields'): Promise<void> {
  for (const trigger of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`product_search_${trigger}`)}`.execute(db);
  }
  await sql`drop table product_search`.execute(db);
  const keyOf = (row: 'new' | 'old') =>
    sql`(select search_rowid from product_search_keys where product_id = ${sql.raw(row)}.id)`;
  if (over === 'search_text') {
    await sql`create virtual table product_search
      using fts5(search_text, tokenize = 'trigram')`.execute(db);
    await sql`insert into product_search (rowid, search_text)
      select k.search_rowid, p.search_text
      from products p join product_search_keys k on k.product_id = p.id`.execute(db);
    await sql`create trigger product_search_insert after insert on products begin
      insert into product_search_keys (product_id) values (new.id);
      insert into product_search (rowid, search_text) values (${keyOf('new')}, new.search_text);
    end`.execute(db);
    // Only the searched text: stock moves with every order and must not rewrite the index.
    await sql`create trigger product_search_update after update of search_text on products begin
      update product_search set search_text = new.search_text where rowid = ${keyOf('old')};
    end`.execute(db);
  } else {
    await sql`create virtual table product_search
      using fts5(name, description, sku, tokenize = 'trigram')`.execute(db);
    await sql`insert into product_search (rowid, name, description, sku)
      select k.search_rowid, p.name, p.description, coalesce(p.sku, '')
      from products p join product_search_keys k on k.product_id = p.id`.execute(db);
    await sql`create trigger product_search_insert after insert on products begin
      insert into product_search_keys (product_id) values (new.id);
      insert into product_search (rowid, name, description, sku)
        values (${keyOf('new')}, new.name, new.description, coalesce(new.sku, ''));
    end`.execute(db);
    await sql`create trigger product_search_update after update of name, description, sku
      on products begin
      update product_search
        set name = new.name, description = new.description, sku = coalesce(new.sku, '')
        where rowid = ${keyOf('old')};
    end`.execute(db);
  }
  await sql`create trigger product_search_delete after delete on products begin
    delete from product_search where rowid = ${keyOf('old')};
    delete from product_search_keys where product_id = old.id;
  end`.execute(db);
}
