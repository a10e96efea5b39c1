/** Every TanStack Query key of products comes from here. */
export const productKeys = {
  all: ['products'] as const,
  list: (limit?: number) => [...productKeys.all, 'list', { limit: limit ?? null }] as const,
  detail: (id: string) => [...productKeys.all, 'detail', id] as const,
};
