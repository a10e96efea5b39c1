import {
  facetsFor,
  specFilterMessages as text,
  type ProductFacets,
  type SpecFacetName,
  type SpecFilters,
} from '@shop/shared';
import { useId } from 'react';
import { useProductFacets } from '../api/get-product-facets';
import type { ProductSearch } from '../product-search';

interface SpecFilterGroupProps {
  /** The search the address holds: the counts are this search's. */
  search: ProductSearch;
  /** Another spec filter chosen (or one cleared): the filters as they are now. */
  onChange: (specs: SpecFilters) => void;
}

/** One facet's options: its values with counts, the chosen one kept even while counts load. */
export function facetOptions(
  facets: ProductFacets | undefined,
  name: SpecFacetName,
  chosen: string | undefined,
): { value: string; label: string }[] {
  const values = facets?.facets.find((facet) => facet.name === name)?.values ?? [];
  const options = values.map(({ value, count }) => ({ value, label: text.option(value, count) }));
  const key = chosen?.toLowerCase();
  if (chosen && !values.some(({ value }) => value.toLowerCase() === key)) {
    options.unshift({ value: chosen, label: chosen });
  }
  return options;
}

/**
 * The products page's spec filters (issue 22): a select per facet of the category the list
 * shows (ux 2026-11-28 #19: cases' form factor, size, fan size, GPU length and radiator; power
 * supplies' wattage, efficiency and modularity) listing the normalised values the search's
 * products have, each with how many have it counted with the other filters. The choice lives
 * in the address (`?category=cases&formFactor=E-ATX`), like the category; without a category the
 * list mixes types, and the group says to choose one.
 */
export function SpecFilterGroup({ search, onChange }: SpecFilterGroupProps) {
  const id = useId();
  const facets = facetsFor(search.category);
  const { data } = useProductFacets(search, facets.length > 0);
  if (facets.length === 0) {
    return (
      <p className="text-base-content/80 col-span-2 text-sm md:col-span-3">{text.chooseCategory}</p>
    );
  }
  return (
    <fieldset className="col-span-2 min-w-0 md:col-span-3">
      <legend className="mb-1 text-sm font-medium">{text.groupLabel}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-4">
        {facets.map(({ name, label }) => {
          const chosen = search.specs[name];
          const options = facetOptions(data, name, chosen);
          // The value as the select holds it: the facet's own spelling of the chosen value.
          const selected =
            options.find((option) => option.value.toLowerCase() === chosen?.toLowerCase())?.value ??
            '';
          return (
            <div key={name} className="min-w-0 last:col-span-2 sm:last:col-span-1">
              <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm">
                {label}
              </label>
              <select
                id={`${id}-${name}`}
                name={name}
                value={selected}
                disabled={options.length === 0}
                onChange={(event) => {
                  // The value shown already (a change React replays after taking the form over,
                  // product-search-form.tsx): nothing to do.
                  if (event.target.value === selected) return;
                  // Every other facet's choice stays; this one is the new value, or none.
                  const next = facets.flatMap((facet) => {
                    const value =
                      facet.name === name ? event.target.value : search.specs[facet.name];
                    return value ? [[facet.name, value] as const] : [];
                  });
                  onChange(Object.fromEntries(next) as SpecFilters);
                }}
                className="select w-full min-w-0"
              >
                <option value="">{text.any}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
