import { checkoutHelpMessages as text, reorderMessages, type Order } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { productsQuery } from '../../catalog/api/get-products';
import { toastSuccess } from '../announce';
import { putBack, type PutBackResult } from '../put-back';

/** The order list's state after a put-back: what could not go back is said there. */
export interface OrderListPageState {
  putBack?: PutBackResult;
  /** 'Order again' rather than putting a cancelled order's products back. */
  reorder?: boolean;
}

/**
 * 'Put these products back in my order list' for an order cancelled because it was not paid in
 * time: its lines go back as the catalog allows today (put-back.ts), then the order list opens
 * and says what could not go back.
 */
export function PutBackButton({
  order,
  reorder = false,
}: {
  order: Pick<Order, 'lines' | 'orderNumber'>;
  /**
   * 'Order again' (DESIGN.md section 14) for any order: the same lines into the order list at
   * today's prices, left out with the reason where the catalog no longer allows them.
   */
  reorder?: boolean;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [working, setWorking] = useState(false);
  const [failed, setFailed] = useState(false);

  const onClick = async () => {
    setWorking(true);
    setFailed(false);
    try {
      // Stock and the products still sold, as they are now.
      const catalog = await queryClient.fetchQuery({ ...productsQuery(), staleTime: 0 });
      const result = putBack(order.lines, catalog);
      if (result.added > 0) {
        toastSuccess(reorder ? reorderMessages.done(result.added) : text.putBackDone(result.added));
      }
      const state: OrderListPageState = { putBack: result, reorder };
      await navigate(paths.orderList.to(), { state });
    } catch {
      setFailed(true);
      setWorking(false);
    }
  };

  return (
    <div className="space-y-2">
      <button
        type="button"
        className={reorder ? 'btn btn-secondary' : 'btn btn-primary'}
        disabled={working}
        aria-label={
          reorder && !working ? reorderMessages.orderAgainLabel(order.orderNumber) : undefined
        }
        onClick={() => void onClick()}
      >
        {working
          ? reorder
            ? reorderMessages.working
            : text.putBackWorking
          : reorder
            ? reorderMessages.orderAgain
            : text.putBack}
      </button>
      {failed && (
        <p role="alert" className="text-error text-sm">
          {text.putBackFailed}
        </p>
      )}
    </div>
  );
}
