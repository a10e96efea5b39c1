import { describe, expect, it } from 'vitest';
import type { Membership } from '../companies/companies.repository.js';
import { mayAccessOrder, needsMembership, type OrderPurpose } from './order-access.js';

const COMPANY = 'c'.repeat(24);
const OTHER_COMPANY = 'd'.repeat(24);
const member = (role: 'admin' | 'buyer', companyId = COMPANY): Membership => ({
  companyId,
  userId: 'caller',
  role,
  orderLimitCents: null,
  monthlyLimitCents: null,
});
const customer = { id: 'caller', role: 'user' as const };
const shopAdmin = { id: 'caller', role: 'admin' as const };
const companyOrder = { user_id: 'placer', company_id: COMPANY };
const loneOrder = { user_id: 'placer', company_id: null };

/** DESIGN.md sections 5 and 12: the one rule every order path asks. */
describe('who may read, pay or delete an order', () => {
  const cases: [
    string,
    Parameters<typeof mayAccessOrder>[1],
    object,
    Membership | undefined,
    Record<OrderPurpose, boolean>,
  ][] = [
    [
      'its buyer',
      customer,
      { user_id: 'caller', company_id: COMPANY },
      member('buyer'),
      { read: true, pay: true, delete: true },
    ],
    [
      'its buyer, in no company',
      customer,
      { user_id: 'caller', company_id: null },
      undefined,
      { read: true, pay: true, delete: true },
    ],
    [
      'a buyer of its company',
      customer,
      companyOrder,
      member('buyer'),
      { read: true, pay: false, delete: false },
    ],
    [
      'an admin of its company',
      customer,
      companyOrder,
      member('admin'),
      { read: true, pay: true, delete: true },
    ],
    [
      "another company's admin",
      customer,
      companyOrder,
      member('admin', OTHER_COMPANY),
      { read: false, pay: false, delete: false },
    ],
    [
      'a customer in no company',
      customer,
      companyOrder,
      undefined,
      { read: false, pay: false, delete: false },
    ],
    [
      'a company admin, for an order of no company',
      customer,
      loneOrder,
      member('admin'),
      { read: false, pay: false, delete: false },
    ],
    ['a shop admin', shopAdmin, companyOrder, undefined, { read: true, pay: false, delete: true }],
  ];
  it.each(cases)('%s', (_name, caller, order, membership, expected) => {
    for (const purpose of ['read', 'pay', 'delete'] as const) {
      expect(
        mayAccessOrder(purpose, caller, order as typeof companyOrder, membership),
        purpose,
      ).toBe(expected[purpose]);
    }
  });

  it('reads the membership only for an order of a company that is not the caller’s own', () => {
    expect(needsMembership(customer, companyOrder)).toBe(true);
    expect(needsMembership(customer, loneOrder)).toBe(false);
    expect(needsMembership(customer, { user_id: 'caller', company_id: COMPANY })).toBe(false);
  });
});
