export const reviewKeys = {
  all: ['reviews'] as const,
  list: (limit?: number) => [...reviewKeys.all, 'list', { limit: limit ?? null }] as const,
  page: (page: number, limit: number) => [...reviewKeys.all, 'page', { page, limit }] as const,
};
