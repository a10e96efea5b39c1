import type { UseMutationResult } from '@tanstack/react-query';
import { alertDeleted, confirmDelete } from './confirm-delete';

/** What every delete call answers (DESIGN.md section 4). */
export interface DeleteResult {
  deletedCount: number;
}

export interface ConfirmedDelete<R extends DeleteResult> {
  /** The spec's confirmation text naming what goes (it may have to be looked up first). */
  text: string | Promise<string>;
  /** Deletes; a failure is reported by it (a mutation's through the app-wide error toast). */
  remove: () => Promise<R>;
  /** A line under 'Deleted!' about what else the deletion did. */
  deletedText?: (result: R) => string | undefined;
}

/**
 * The spec's delete flow (SPEC section 8), for anything the shop deletes: the confirmation,
 * the deletion, then 'Deleted!' when something was. A cancel or a failure changes nothing here.
 */
export async function confirmedDelete<R extends DeleteResult>({
  text,
  remove,
  deletedText,
}: ConfirmedDelete<R>): Promise<void> {
  if (!(await confirmDelete(await text))) return;
  let result: R;
  try {
    result = await remove();
  } catch {
    return;
  }
  if (result.deletedCount) await alertDeleted(deletedText?.(result));
}

/**
 * The spec's delete flow around a delete mutation (called with the item's `_id`): `remove(item)`
 * asks, deletes and says 'Deleted!'; its failure is the mutation's app-wide error toast.
 */
export function useConfirmedDelete<T extends { _id: string }, R extends DeleteResult>(
  mutation: UseMutationResult<R, Error, string>,
  {
    text,
    deletedText,
  }: {
    text: (item: T) => string | Promise<string>;
    deletedText?: (result: R) => string | undefined;
  },
) {
  return {
    remove: (item: T) =>
      confirmedDelete({
        text: text(item),
        remove: () => mutation.mutateAsync(item._id),
        deletedText,
      }),
    /** Whether this item is being deleted now. */
    isDeleting: (item: T) => mutation.isPending && mutation.variables === item._id,
    /** Whether any is. */
    isPending: mutation.isPending,
  };
}
