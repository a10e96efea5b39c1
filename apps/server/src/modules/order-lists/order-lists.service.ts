import {
  ID_PATTERN,
  orderListMessages,
  type orderListCreateSchema,
  type orderListUpdateSchema,
  type SavedOrderList,
} from '@shop/shared';
import type { z } from 'zod';
import type { CurrentUser } from '../../auth/guard.js';
import type { OrderListRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
import {
  DEFAULT_SLOT,
  DEFAULT_TAKEN,
  NAME_TAKEN,
  NO_FREE_SLOT,
  type OrderListsRepository,
  type StoredListLine,
} from './order-lists.repository.js';

export interface OrderListsServiceDeps {
  /** The names of the products these ids name, archived ones included (the catalog's read). */
  productNames(ids: readonly string[]): Promise<Map<string, string>>;
}

/** The `lines` column is written only from checked input. */
function storedLines(text: string): StoredListLine[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as StoredListLine[]) : [];
}

export function toOrderList(row: OrderListRow): SavedOrderList {
  return {
    _id: row.id,
    name: row.name,
    isDefault: Number(row.slot) === DEFAULT_SLOT,
    lines: storedLines(row.lines).map(({ productId, quantity, name }) => ({
      productId,
      quantity,
      name,
    })),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

const notFound = () => AppError.notFound(orderListMessages.notFound);

/** 409 `list_name_taken`, said under the name field too (ux 2026-11-28 #26). */
const nameTaken = (name: string) =>
  new AppError('list_name_taken', orderListMessages.nameTaken(name), {
    name: orderListMessages.nameTaken(name),
  });

/**
 * Saved order lists (DESIGN.md section 14): only their owner reads or changes them; anyone else,
 * a shop admin included, is told there is no such list (404). A save replaces the list whole:
 * the last write wins (docs/quick-order.md).
 */
export function createOrderListsService(lists: OrderListsRepository, deps: OrderListsServiceDeps) {
  /** The lines with their products' names; a product that does not exist is a 400 naming it. */
  async function named(
    lines: z.output<typeof orderListCreateSchema>['lines'],
  ): Promise<StoredListLine[]> {
    const names = await deps.productNames(
      lines.map((line) => line.productId).filter((id) => ID_PATTERN.test(id)),
    );
    const fields: Record<string, string> = {};
    const stored = lines.map((line, index) => {
      const name = names.get(line.productId);
      if (name === undefined) fields[`lines.${index}.productId`] = orderListMessages.unknownProduct;
      return { productId: line.productId, quantity: line.quantity, name: name ?? '' };
    });
    if (Object.keys(fields).length > 0) {
      throw new AppError('validation_failed', orderListMessages.unknownProduct, fields);
    }
    return stored;
  }

  return {
    async list(caller: CurrentUser): Promise<SavedOrderList[]> {
      return (await lists.listFor(caller.id)).map(toOrderList);
    },

    async create(caller: CurrentUser, input: z.output<typeof orderListCreateSchema>) {
      const lines = await named(input.lines);
      const created = await lists.create(caller.id, {
        name: input.name,
        lines,
        isDefault: input.isDefault === true,
      });
      if (created === NO_FREE_SLOT) {
        throw new AppError('too_many_lists', orderListMessages.tooManyLists);
      }
      if (created === DEFAULT_TAKEN) {
        throw new AppError('conflict', orderListMessages.defaultExists);
      }
      if (created === NAME_TAKEN) throw nameTaken(input.name);
      return { insertedId: created.id, list: toOrderList(created) };
    },

    async update(caller: CurrentUser, id: string, input: z.output<typeof orderListUpdateSchema>) {
      if (!ID_PATTERN.test(id)) throw notFound();
      const lines = input.lines === undefined ? undefined : await named(input.lines);
      const row = await lists.update(caller.id, id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(lines === undefined ? {} : { lines }),
      });
      if (row === NAME_TAKEN) throw nameTaken(input.name ?? '');
      if (!row) throw notFound();
      return { modifiedCount: 1, list: toOrderList(row) };
    },

    async delete(caller: CurrentUser, id: string) {
      if (!ID_PATTERN.test(id)) throw notFound();
      const result = await lists.delete(caller.id, id);
      if (result === 'none') throw notFound();
      if (result === 'default') throw new AppError('conflict', orderListMessages.defaultNotDeleted);
      return { deletedCount: 1 };
    },
  };
}

export type OrderListsService = ReturnType<typeof createOrderListsService>;
