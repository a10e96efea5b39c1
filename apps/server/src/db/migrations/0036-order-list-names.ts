import { sql, type Kysely } from 'kysely';

/** A saved list's name is at most this long (ORDER_LIST_NAME_MAX_LENGTH when this was written). */
const NAME_MAX_LENGTH = 60;

/**
 * ux 2026-11-28 #26: a customer's saved lists have unique names, in any case (`Rack A` and
 * `rack a` are one name). A unique index on `(user_id, lower(name))` over the named lists
 * (slot > 0; the order list itself, slot 0, is never shown by name) holds it under concurrent
 * saves, on any number of instances (modules/order-lists/order-lists.repository.ts answers 409).
 *
 * Lists saved twice under one name before this are told apart first: the later ones (by slot)
 * get ` (2)`, ` (3)`, ... (the name shortened to fit). The previous release keeps running during
 * a rolling upgrade: its duplicate save fails on the index with a 500 instead of a 409, and
 * nothing else changes for it.
 */
export const orderListNames = {
  async up(db: Kysely<unknown>): Promise<void> {
    const rows = (
      await sql<{ id: string; user_id: string; name: string }>`
        select id, user_id, name from order_lists where slot > 0 order by user_id, slot`.execute(db)
    ).rows;
    // The first list of each name keeps it (the JavaScript fold covers SQLite's ASCII lower()
    // and PostgreSQL's Unicode one); the others take a suffix no list of the customer has.
    const taken = new Map<string, Set<string>>();
    const renamed: { id: string; userId: string; name: string }[] = [];
    for (const row of rows) {
      const own = taken.get(row.user_id) ?? new Set<string>();
      taken.set(row.user_id, own);
      if (own.has(row.name.toLowerCase())) {
        renamed.push({ id: row.id, userId: row.user_id, name: row.name });
      } else {
        own.add(row.name.toLowerCase());
      }
    }
    for (const row of renamed) {
      const own = taken.get(row.userId) ?? new Set<string>();
      let name = row.name;
      for (let n = 2; own.has(name.toLowerCase()); n += 1) {
        const suffix = ` (${n})`;
        name = `${row.name.slice(0, NAME_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
      }
      own.add(name.toLowerCase());
      await sql`update order_lists set name = ${name} where id = ${row.id}`.execute(db);
    }
    await sql`create unique index order_lists_user_name_idx
      on order_lists (user_id, lower(name)) where slot > 0`.execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('order_lists_user_name_idx').execute();
  },
};
