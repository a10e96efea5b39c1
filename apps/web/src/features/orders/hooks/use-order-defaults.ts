import type { User } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { OrderDefaults } from '../../../components/ui/buyer-fields';
import { myOrdersQuery } from '../api/get-my-orders';

/**
 * A repeat buyer should not type their phone and address again (issue 12). Each starts with
 * the profile's value (phone, default shipping address) and, where the profile has none, with
 * the buyer's last order's; otherwise it starts empty. The buyer can still change both. The
 * orders are only asked for when the profile leaves a gap, through the same query as My Order.
 */
export function useOrderDefaults(
  customer: Pick<User, 'email' | 'phone' | 'shippingAddress'> | null,
): OrderDefaults {
  const profilePhone = customer?.phone?.trim() ?? '';
  const profileAddress = customer?.shippingAddress?.trim() ?? '';
  const orders = useQuery({
    ...myOrdersQuery(customer?.email ?? ''),
    enabled: customer !== null && (profilePhone === '' || profileAddress === ''),
  });
  // My Order's list is newest first.
  const last = orders.data?.[0];
  const phone = profilePhone || last?.phone || '';
  const address = profileAddress || last?.address || '';
  return useMemo(() => ({ phone, address }), [phone, address]);
}
