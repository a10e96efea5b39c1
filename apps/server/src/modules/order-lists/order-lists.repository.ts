import { MAX_ORDER_LISTS } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database, OrderListRow } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { nowIso } from '../../db/time.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

/** One stored line of a list. */
export interface StoredListLine {
  productId: string;
  quantity: number;
  name: string;
}

/** The slot of the customer's order list itself (migration 0023); named lists take 1-19. */
export const DEFAULT_SLOT = 0;

/** `(user_id, slot)` is unique: what holds the limit and the one default list under races. */
const SLOT_INDEX = { index: 'order_lists_user_slot_idx', table: 'order_lists', column: 'slot' };

/** `(user_id, lower(name))` of the named lists is unique (migration 0036, ux 2026-11-28 #26). */
const NAME_INDEX = { index: 'order_lists_user_name_idx', table: 'order_lists', column: 'name' };

export const NO_FREE_SLOT = 'no-free-slot';
export const DEFAULT_TAKEN = 'default-taken';
export const NAME_TAKEN = 'name-taken';

export function createOrderListsRepository(db: Kysely<Database>) {
  /** The lowest named slot the customer has not used, as the database holds them now. */
  async function freeSlot(userId: string): Promise<number | undefined> {
    const used = new Set(
      (
        await db.selectFrom('order_lists').select('slot').where('user_id', '=', userId).execute()
      ).map((row) => Number(row.slot)),
    );
    for (let slot = DEFAULT_SLOT + 1; slot < MAX_ORDER_LISTS; slot += 1) {
      if (!used.has(slot)) return slot;
    }
    return undefined;
  }

  return {
    /** The customer's lists: the order list itself first, then the named ones as created. */
    listFor(userId: string): Promise<OrderListRow[]> {
      return db
        .selectFrom('order_lists')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('slot')
        .execute();
    },

    /**
     * A new list in a free slot (the default's for the order list itself). The slot is read,
     * then taken by the insert; a create that raced for the same slot loses on the unique
     * index and tries the next free one, so at most MAX_ORDER_LISTS ever exist, whatever the
     * concurrency. Each retry follows another create's commit, so there are at most as many.
     */
    async create(
      userId: string,
      list: { name: string; lines: StoredListLine[]; isDefault: boolean },
    ): Promise<OrderListRow | typeof NO_FREE_SLOT | typeof DEFAULT_TAKEN | typeof NAME_TAKEN> {
      for (let attempt = 0; attempt <= MAX_ORDER_LISTS; attempt += 1) {
        const slot = list.isDefault ? DEFAULT_SLOT : await freeSlot(userId);
        if (slot === undefined) return NO_FREE_SLOT;
        const now = nowIso();
        const row = {
          id: newId(),
          user_id: userId,
          slot,
          name: list.name,
          lines: JSON.stringify(list.lines),
          created_at: now,
          updated_at: now,
        };
        try {
          await db.insertInto('order_lists').values(row).execute();
          return row;
        } catch (error) {
          if (isUniqueViolation(error, NAME_INDEX)) return NAME_TAKEN;
          if (!isUniqueViolation(error, SLOT_INDEX)) throw error;
          if (list.isDefault) return DEFAULT_TAKEN;
        }
      }
      return NO_FREE_SLOT;
    },

    /**
     * Changes the customer's own list; undefined when they have no list with this id,
     * NAME_TAKEN when another of their lists has the new name (in any case).
     */
    async update(
      userId: string,
      id: string,
      change: { name?: string; lines?: StoredListLine[] },
    ): Promise<OrderListRow | undefined | typeof NAME_TAKEN> {
      try {
        return await db
          .updateTable('order_lists')
          .set({
            ...(change.name === undefined ? {} : { name: change.name }),
            ...(change.lines === undefined ? {} : { lines: JSON.stringify(change.lines) }),
            updated_at: nowIso(),
          })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .returningAll()
          .executeTakeFirst();
      } catch (error) {
        if (isUniqueViolation(error, NAME_INDEX)) return NAME_TAKEN;
        throw error;
      }
    },

    /** Deletes the customer's own named list; what it found: none, the default, or deleted. */
    async delete(userId: string, id: string): Promise<'deleted' | 'default' | 'none'> {
      const deleted = await db
        .deleteFrom('order_lists')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('slot', '<>', DEFAULT_SLOT)
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) > 0) return 'deleted';
      const own = await db
        .selectFrom('order_lists')
        .select('id')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return own ? 'default' : 'none';
    },
  };
}

export type OrderListsRepository = ReturnType<typeof createOrderListsRepository>;
