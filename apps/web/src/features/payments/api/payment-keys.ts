/** Every TanStack Query key of payments comes from here. */
export const paymentKeys = {
  all: ['payments'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  intent: (orderId: string) => [...paymentKeys.all, 'intent', orderId] as const,
};
