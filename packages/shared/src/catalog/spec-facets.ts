/**
 * The spec filters of /products (issue 22, DESIGN.md section 10): each facet is one spec name of
 * the products' `specs`, filtered by `?wattage=750+W` in the API's and the page's address, a
 * value matching when equal after trimming, in any case. No zod here: the products page's own
 * chunk reads them before any schema is needed.
 */
export const SPEC_FACETS = [
  { name: 'wattage', label: 'Wattage', spec: 'Wattage' },
  { name: 'efficiency', label: 'Efficiency', spec: 'Efficiency' },
  { name: 'formFactor', label: 'Form factor', spec: 'Form factor' },
] as const;

export type SpecFacetName = (typeof SPEC_FACETS)[number]['name'];

/** The chosen value of each filtered facet (a facet left out is not filtered). */
export type SpecFilters = Partial<Record<SpecFacetName, string>>;

/** A spec filter's value is at most this long (the longest spec value is far shorter). */
export const SPEC_FILTER_MAX_LENGTH = 100;

/** How a spec value is compared: trimmed, in any case (`750 w` is `750 W`). */
export const specValueKey = (value: string): string => value.trim().toLowerCase();

export const specFilterMessages = {
  groupLabel: 'Filter by specs',
  any: 'Any',
  option: (value: string, count: number) => `${value} (${count.toLocaleString('en-US')})`,
  invalid: (param: string) =>
    `${param} must be a spec value of at most ${SPEC_FILTER_MAX_LENGTH} characters without control characters`,
} as const;
