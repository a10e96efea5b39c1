export const orderListKeys = {
  all: ['order-lists'] as const,
  /** The signed-in customer's saved lists (per user, so a sign-in as another never reuses them). */
  mine: (userId: string) => [...orderListKeys.all, 'mine', userId] as const,
};
