import type { UseMutationResult } from '@tanstack/react-query';
import { alertDeleted, confirmDelete } from './confirm-delete';

/** What every delete call answers (DESIGN.md section 4). */
export interface DeleteResult {
  deletedCount: number;
}

export interface ConfirmedDelete<R extends DeleteResult> {
  /** The spec's confirmation text naming what goes (it may have to be looked up first). */
  text: string | Promise<string>;
  /** What will really happen, under the spec's text (it may have to be looked up first). */
  detail?: Promise<string | undefined> | undefined;
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
  detail,
  remove,
  deletedText,
}: ConfirmedDelete<R>): Promise<void> {
  const [said, more] = await Promise.all([text, detail]);
  if (!(await (more === undefined ? confirmDelete(said) : confirmDelete(said, more)))) return;
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
    detail,
    deletedText,
  }: {
    text: (item: T) => string | Promise<string>;
    detail?: (item: T) => Promise<string | undefined>;
    deletedText?: (result: R) => string | undefined;
  },
) {
  return {
    remove: (item: T) =>
      confirmedDelete({
        text: text(item),
        detail: detail?.(item),
        remove: () => mutation.mutateAsync(item._id),
        deletedText,
      }),
    /** Whether this item is being deleted now. */
    isDeleting: (item: T) => mutation.isPending && mutation.variables === item._id,
    /** Whether any is. */
    isPending: mutation.isPending,
  };
}
