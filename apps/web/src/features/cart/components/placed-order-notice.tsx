import { checkoutHelpMessages as text } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useNow } from '../../../lib/use-now';
import { useOrder } from '../../orders/api/get-order';

/**
 * On the checkout, the order this tab placed last (lastPlacedOrder): pay for it or view it while
 * it waits for payment, view it once paid; nothing once it was cancelled or cannot be read.
 */
export function PlacedOrderNotice({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const now = useNow();
  const current = order.data;
  if (!current || current.paymentStatus === 'cancelled') return null;
  // Its hold has ended: the payment page would only say it was cancelled.
  if (!current.paid && current.expiresAt && Date.parse(current.expiresAt) <= now.getTime())
    return null;
  const view = (
    <Link to={paths.dashboard.order.to(current._id)} className="link font-semibold">
      {text.viewIt}
    </Link>
  );
  return (
    <div role="status" className="alert alert-info">
      {current.paid ? (
        <p>
          {text.placedDone(current.orderPName)} {view}.
        </p>
      ) : (
        <p>
          {text.placedPending(current.orderPName)}{' '}
          <Link to={paths.dashboard.payment.to(current._id)} className="link font-semibold">
            {text.payIt}
          </Link>{' '}
          or {view}.
        </p>
      )}
    </div>
  );
}
