import { z } from 'zod';
import { MAX_LIST_LIMIT } from './constants.js';

/** `?limit=N` on list calls: a whole number from 1 to MAX_LIST_LIMIT; absent means all. */
export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`)
    .optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;
