/**
 * Every TanStack Query key of paying on account: a company's statement and an order's payments.
 * Whatever changes a company's balance (an invoice payment, money recorded, new terms, a hold)
 * invalidates `accountKeys.all`, and the orders and companies it touches.
 */
export const accountKeys = {
  all: ['on-account'] as const,
  statement: (companyId: string) => [...accountKeys.all, 'statement', companyId] as const,
  payments: (orderId: string) => [...accountKeys.all, 'payments', orderId] as const,
};
