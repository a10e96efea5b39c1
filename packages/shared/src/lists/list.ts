import { z } from 'zod';
import { MAX_LIST_PAGE } from './list-params.js';
import { MAX_LIST_LIMIT } from '../common/constants.js';
import { numberMessages, wholeNumberInput } from '../common/numbers.js';

const limitField = wholeNumberInput(
  z
    .number(numberMessages('limit must be a whole number', 'limit must be a whole number'))
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}`),
);

/** `?limit=N` on list calls: a whole number from 1 to MAX_LIST_LIMIT; absent means all. */
export const listQuerySchema = z.object({ limit: limitField.optional() });

export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * `?limit=N&page=P` on a list that may grow without end (reviews): pages of `limit` (1 to
 * MAX_LIST_LIMIT, MAX_LIST_LIMIT when absent), `page` counted from 1. The total is sent in
 * the `X-Total-Count` header.
 */
export const pagedListQuerySchema = z.object({
  limit: limitField.default(MAX_LIST_LIMIT),
  page: wholeNumberInput(
    z
      .number(numberMessages('page must be a whole number', 'page must be a whole number'))
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(MAX_LIST_PAGE, `page must be at most ${MAX_LIST_PAGE}`),
  ).default(1),
});

export type PagedListQuery = z.infer<typeof pagedListQuerySchema>;
