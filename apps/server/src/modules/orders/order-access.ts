import type { CurrentUser } from '../../auth/guard.js';
import type { OrderRow } from '../../db/schema.js';
import type { Membership } from '../companies/companies.repository.js';

/**
 * What a caller wants to do with an order: read it (its page, its invoice, a payment report),
 * pay it, or delete it.
 */
export type OrderPurpose = 'read' | 'pay' | 'delete';

/**
 * The one rule of who may do what with an order (DESIGN.md sections 5 and 12). Every order read,
 * payment, deletion and invoice goes through `visibleOrder` (orders.service.ts), which asks this:
 * - the customer who placed it: everything;
 * - a member of the order's company: read it; a company admin of it: pay and delete it too;
 * - a shop admin: read and delete it (paying by card is the buyer's; a shop admin marks an
 *   order paid by hand with its own call).
 * `membership` is the caller's (undefined when in no company); it only matters for an order that
 * has a company.
 */
export function mayAccessOrder(
  purpose: OrderPurpose,
  caller: Pick<CurrentUser, 'id' | 'role'>,
  order: Pick<OrderRow, 'user_id' | 'company_id'>,
  membership: Membership | undefined,
): boolean {
  if (order.user_id === caller.id) return true;
  const ofCompany =
    order.company_id !== null &&
    membership !== undefined &&
    membership.companyId === order.company_id;
  const companyAdmin = ofCompany && membership.role === 'admin';
  switch (purpose) {
    case 'read':
      return caller.role === 'admin' || ofCompany;
    case 'pay':
      return companyAdmin;
    case 'delete':
      return caller.role === 'admin' || companyAdmin;
  }
}

/** Whether the rule needs the caller's membership to answer (an order of a company, not theirs). */
export const needsMembership = (
  caller: Pick<CurrentUser, 'id'>,
  order: Pick<OrderRow, 'user_id' | 'company_id'>,
) => order.user_id !== caller.id && order.company_id !== null;
