import { checkoutHelpMessages as text, type Order } from '@shop/shared';
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
}

/**
 * 'Put these products back in my order list' for an order cancelled because it was not paid in
 * time: its lines go back as the catalog allows today (put-back.ts), then the order list opens
 * and says what could not go back.
 */
export function PutBackButton({ order }: { order: Pick<Order, 'lines'> }) {
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
      if (result.added > 0) toastSuccess(text.putBackDone(result.added));
      const state: OrderListPageState = { putBack: result };
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
        className="btn btn-primary"
        disabled={working}
        onClick={() => void onClick()}
      >
        {working ? text.putBackWorking : text.putBack}
      </button>
      {failed && (
        <p role="alert" className="text-error text-sm">
          {text.putBackFailed}
        </p>
      )}
    </div>
  );
}
