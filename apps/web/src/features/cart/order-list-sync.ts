import { DEFAULT_ORDER_LIST_NAME, type OrderListLine } from '@shop/shared';
import { ApiRequestError } from '../../lib/api-client';
import { createOrderList, getOrderLists, updateOrderList } from './api/order-list-calls';
import { contentKey, mergeOrderLists, refusedProducts } from './order-list-merge';
import {
  changedInThisTab,
  getOrderList,
  subscribeOrderList,
  writeOrderList,
} from './order-list-store';

/*
 * The order list of a signed-in customer is their default saved list on the server (DESIGN.md
 * section 14), so it follows them to another device. At sign-in the browser's list is merged
 * into it (order-list-merge.ts); from then on every change in this tab is saved (the whole list:
 * the last save wins), and when the tab comes back into view the server's list is read again,
 * so a change made on another device shows. Loaded only once someone is signed in.
 */

const toBody = (lines: readonly OrderListLine[]) =>
  lines.map(({ productId, quantity }) => ({ productId, quantity }));

/** Whether a refusal named lines (products the server does not know): they are dropped. */
const refusedLines = (error: unknown): Record<string, string> | undefined =>
  error instanceof ApiRequestError &&
  error.status === 400 &&
  Object.keys(error.fields).some((field) => field.startsWith('lines.'))
    ? error.fields
    : undefined;

/** Starts keeping this browser's order list and the server's in step; answers the stop. */
export function startOrderListSync(): () => void {
  let stopped = false;
  let listId: string | null = null;
  /** The content the server holds, as far as this tab knows, and when it was saved. */
  let serverKey: string | null = null;
  let serverUpdatedAt: string | null = null;
  let saving = false;
  let dirty = false;
  /**
   * Products the server refused (deleted since they were listed): they stay in the browser's
   * list, shown as no longer available until the buyer removes them (issue 22), and are left
   * out of what is saved.
   */
  const refused = new Set<string>();
  const savable = (lines: readonly OrderListLine[]) =>
    lines.filter((line) => !refused.has(line.productId));

  const known = (list: { _id: string; lines: readonly OrderListLine[]; updatedAt: string }) => {
    listId = list._id;
    serverKey = contentKey(list.lines);
    serverUpdatedAt = list.updatedAt;
  };

  async function push(): Promise<void> {
    if (stopped || listId === null) return;
    if (saving) {
      dirty = true;
      return;
    }
    const lines = savable(getOrderList());
    if (contentKey(lines) === serverKey) return;
    saving = true;
    try {
      const { list } = await updateOrderList(listId, { lines: toBody(lines) });
      if (!stopped) known(list);
    } catch (error) {
      const fields = refusedLines(error);
      // A product deleted since it was listed: saved without it (and tried again at once).
      const ids = fields ? refusedProducts(lines, fields) : [];
      ids.forEach((id) => refused.add(id));
      // Anything else (offline, a quantity refused) waits for the next change or look.
      if (ids.length > 0) dirty = true;
    } finally {
      saving = false;
      if (dirty && !stopped) {
        dirty = false;
        void push();
      }
    }
  }

  /** Creates the default list with these lines (retrying without lines the server refuses). */
  async function create(all: readonly OrderListLine[]): Promise<void> {
    const lines = savable(all);
    try {
      known(
        (
          await createOrderList({
            name: DEFAULT_ORDER_LIST_NAME,
            lines: toBody(lines),
            isDefault: true,
          })
        ).list,
      );
    } catch (error) {
      const fields = refusedLines(error);
      const ids = fields ? refusedProducts(lines, fields) : [];
      if (ids.length === 0) throw error;
      ids.forEach((id) => refused.add(id));
      return create(lines);
    }
  }

  async function pull(initial: boolean): Promise<void> {
    const lists = await getOrderLists();
    if (stopped) return;
    const own = lists.find((list) => list.isDefault);
    if (initial) {
      if (own) {
        known(own);
        // The browser's list as it is now (the buyer may have added meanwhile), merged in.
        const local = getOrderList();
        const merged = mergeOrderLists(own.lines, local);
        if (contentKey(merged) !== contentKey(local)) writeOrderList(merged);
      } else {
        try {
          await create(getOrderList());
        } catch (error) {
          // Another tab created it first: read it and merge into it instead.
          if (error instanceof ApiRequestError && error.status === 409) return pull(true);
          throw error;
        }
        if (stopped) return;
      }
      // Whatever the server does not hold yet (the merge, a change made meanwhile).
      await push();
      return;
    }
    const local = getOrderList();
    // Saved elsewhere since this tab last knew: the server's list is the last write.
    if (own && own.updatedAt !== serverUpdatedAt && !saving && !dirty) {
      known(own);
      if (contentKey(own.lines) !== contentKey(local)) writeOrderList(own.lines);
    }
  }

  // Only this tab's own changes: another tab saves its own (or, logging out, empties the list
  // after stopping its sync, which must not reach the server).
  const unsubscribe = subscribeOrderList(() => {
    if (changedInThisTab()) void push();
  });
  const onVisible = () => {
    if (document.visibilityState === 'visible' && listId !== null) {
      void pull(false).catch(() => undefined);
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('focus', onVisible);
  void pull(true).catch(() => undefined);
  return () => {
    stopped = true;
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('focus', onVisible);
  };
}
