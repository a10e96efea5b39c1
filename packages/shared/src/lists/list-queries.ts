import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../catalog/categories.js';
import {
  SPEC_FACETS,
  SPEC_FILTER_MAX_LENGTH,
  specFilterMessages,
  type SpecFacetName,
} from '../catalog/spec-facets.js';
import { MAX_LIST_LIMIT } from '../common/constants.js';
import { MAX_LIST_PAGE, PRODUCT_SORTS, SEARCH_MAX_LENGTH } from './list-params.js';
import { numberMessages, wholeNumberInput } from '../common/numbers.js';
import { ORDER_STATUSES } from '../orders/orders.js';
import { APPROVAL_STATUSES } from '../companies/approval.js';

/**
 * The query strings of the searchable lists (DESIGN.md section 10): `GET /api/products` for
 * everyone, `GET /api/orders` and `GET /api/users` for admins. Without any of these parameters
 * each list answers its whole array as before; with any of them it answers the matches (one
 * page of them with `page` or `limit`), and the number of matches in the `X-Total-Count`
 * header. A lone `limit` is the first N in the default order, as the home page has always asked. The web app builds its
 * addresses (`/products?q=atx&category=cases&sort=price`) from the same constants
 * (list-params.ts: the sorts, their labels, the page size, the search's length).
 */

/** Manage Order's status filter: every order status, `cancelled` included (DESIGN.md 11). */
export const ORDER_STATUS_FILTERS = ORDER_STATUSES;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

export const listQueryMessages = {
  q: `q must be at most ${SEARCH_MAX_LENGTH} characters`,
  category: `category must be one of ${PRODUCT_CATEGORIES.join(', ')}`,
  sort: `sort must be one of ${PRODUCT_SORTS.join(', ')}`,
  status: `status must be one of ${ORDER_STATUS_FILTERS.join(', ')}`,
  approval: `approval must be one of ${APPROVAL_STATUSES.join(', ')}`,
  page: 'page must be a whole number from 1',
  limit: `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}`,
} as const;

/** An empty parameter (`?q=&category=`, as a GET form sends it) is an absent one. */
const blankIsAbsent = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const searchField = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, listQueryMessages.q)
    // A NUL or other control character matches no product and upsets some drivers.
    .regex(/^[^\p{Cc}]*$/u, 'q must not contain control characters')
    .optional(),
);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(blankIsAbsent, z.enum(values, { error: message }).optional());

const pageField = z.preprocess(
  blankIsAbsent,
  wholeNumberInput(
    z
      .number(numberMessages(listQueryMessages.page, listQueryMessages.page))
      .int(listQueryMessages.page)
      .min(1, listQueryMessages.page)
      .max(MAX_LIST_PAGE, `page must be at most ${MAX_LIST_PAGE}`),
  ).optional(),
);

const limitField = z.preprocess(
  blankIsAbsent,
  wholeNumberInput(
    z
      .number(numberMessages(listQueryMessages.limit, listQueryMessages.limit))
      .int(listQueryMessages.limit)
      .min(1, listQueryMessages.limit)
      .max(MAX_LIST_LIMIT, listQueryMessages.limit),
  ).optional(),
);

/** A spec filter (`wattage=750 W`): one spec value, trimmed; the 400 names the parameter. */
const specFilterField = (param: SpecFacetName) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: specFilterMessages.invalid(param) })
      .trim()
      .max(SPEC_FILTER_MAX_LENGTH, specFilterMessages.invalid(param))
      .regex(/^[^\p{Cc}]*$/u, specFilterMessages.invalid(param))
      .optional(),
  );

/** The spec filters of `GET /api/products` and `GET /api/products/facets`, one per facet. */
const specFilterFields = Object.fromEntries(
  SPEC_FACETS.map(({ name }) => [name, specFilterField(name)]),
) as Record<SpecFacetName, ReturnType<typeof specFilterField>>;

/** What narrows the catalog: the search, the category and the spec filters. */
const productFilterFields = {
  q: searchField,
  category: oneOf(PRODUCT_CATEGORIES, listQueryMessages.category),
  ...specFilterFields,
};

/** `GET /api/products?q=&category=&wattage=&efficiency=&formFactor=&sort=&page=&limit=`. */
export const productListQuerySchema = z.object({
  ...productFilterFields,
  sort: oneOf(PRODUCT_SORTS, listQueryMessages.sort),
  page: pageField,
  limit: limitField,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** `GET /api/products/facets?q=&category=&wattage=&efficiency=&formFactor=`. */
export const productFacetsQuerySchema = z.object(productFilterFields);
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;

/**
 * `GET /api/products/facets`: per facet, the values the matching products have and how many
 * have each, counted with the other facets' filters but not the facet's own.
 */
export const productFacetsSchema = z.object({
  facets: z.array(
    z.object({
      name: z.enum(SPEC_FACETS.map((facet) => facet.name) as [SpecFacetName, ...SpecFacetName[]]),
      label: z.string(),
      values: z.array(z.object({ value: z.string(), count: z.number().int().min(0) })),
    }),
  ),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

/** `GET /api/orders?q=&status=&page=&limit=` (admins). */
export const adminOrderListQuerySchema = z.object({
  q: searchField,
  status: oneOf(ORDER_STATUS_FILTERS, listQueryMessages.status),
  /**
   * Those in this approval state (ux 2026-11-28 #11: Manage Order's approval filter; the
   * Approvals list asks `awaiting_approval`).
   */
  approval: oneOf(APPROVAL_STATUSES, listQueryMessages.approval),
  page: pageField,
  limit: limitField,
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

/** `GET /api/users?q=&page=&limit=` (admins). */
export const adminUserListQuerySchema = z.object({
  q: searchField,
  page: pageField,
  limit: limitField,
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
