import { formatQuantity } from '../common/format.js';
import { madeOnFirstUse } from '../common/made-on-first-use.js';
import type { ProductCategory } from './categories.js';

/**
 * The spec filters of /products (issue 22; per product type with normalised values since ux
 * 2026-11-28 #19; DESIGN.md section 10). Each facet reads one spec of the products of its
 * categories and turns the value an admin typed into the values a buyer compares
 * (`E-ATX full tower, dual chamber` is form factor `E-ATX` and size `Full tower`;
 * `Max GPU length 380 mm` is `300 mm and up` and `350 mm and up`): `normaliseSpec` is the one
 * place that does it, for the filtering and the counts alike. Filtered by `?formFactor=E-ATX` in
 * the API's and the page's address, a chosen value matching in any case. No zod here: the
 * products page's own chunk reads them before any schema is needed.
 */
const CASES: readonly ProductCategory[] = ['cases', 'gaming-cases'];
const POWER_SUPPLIES: readonly ProductCategory[] = ['power-supplies'];

export const SPEC_FACETS = [
  { name: 'formFactor', label: 'Form factor', spec: 'Form factor', categories: CASES },
  { name: 'caseSize', label: 'Case size', spec: 'Form factor', categories: CASES },
  { name: 'fanSize', label: 'Fan size', spec: 'Fans included', categories: CASES },
  { name: 'gpuLength', label: 'Max GPU length', spec: 'Max GPU length', categories: CASES },
  { name: 'radiator', label: 'Radiator support', spec: 'Radiator support', categories: CASES },
  { name: 'wattage', label: 'Wattage', spec: 'Wattage', categories: POWER_SUPPLIES },
  { name: 'efficiency', label: 'Efficiency', spec: 'Efficiency', categories: POWER_SUPPLIES },
  { name: 'modularity', label: 'Modularity', spec: 'Modular', categories: POWER_SUPPLIES },
] as const satisfies readonly {
  name: string;
  label: string;
  spec: string;
  categories: readonly ProductCategory[];
}[];

export type SpecFacet = (typeof SPEC_FACETS)[number];
export type SpecFacetName = SpecFacet['name'];

/** The chosen value of each filtered facet (a facet left out is not filtered). */
export type SpecFilters = Partial<Record<SpecFacetName, string>>;

/** The facets of the products a list shows: its category's; none for the whole catalog. */
export function facetsFor(category: ProductCategory | null | undefined): readonly SpecFacet[] {
  if (!category) return [];
  return SPEC_FACETS.filter((facet) => (facet.categories as readonly string[]).includes(category));
}

/** A spec filter's value is at most this long (the longest spec value is far shorter). */
export const SPEC_FILTER_MAX_LENGTH = 100;

/** How a spec name or value is compared: trimmed, in any case (`750 w` is `750 W`). */
export const specValueKey = (value: string): string => value.trim().toLowerCase();

/** The GPU lengths and radiator sizes a buyer picks "at least" from, in mm. */
const GPU_STEPS = [300, 350, 400, 450] as const;
const RADIATOR_STEPS = [240, 280, 360, 420] as const;

/** `350 mm and up`: the value of a step of GPU length or radiator size. */
export const atLeast = (mm: number): string => `${mm} mm and up`;

/** The millimetre figures of a text (`3 × 120 mm front, 1 × 140 mm` → 120, 140; `38 cm` → 380). */
function millimetres(text: string): number[] {
  return [...text.matchAll(/(\d{2,4}(?:\.\d+)?)\s*(mm|cm)\b/g)].map(
    ([, figure = '0', unit]) => Number(figure) * (unit === 'cm' ? 10 : 1),
  );
}

const BOARDS: [RegExp, string][] = [
  [/^(?:e-?atx|eatx)/, 'E-ATX'],
  [/^(?:micro-?atx|m-?atx|µatx|uatx)/, 'Micro-ATX'],
  [/^mini-?itx/, 'Mini-ITX'],
  [/^atx/, 'ATX'],
];

const SIZES: [RegExp, string][] = [
  [/full[- ]?tower/, 'Full tower'],
  [/mid[- ]?tower/, 'Mid tower'],
  [/mini[- ]?tower/, 'Mini tower'],
  [/\bcube\b/, 'Cube'],
  [/\bsff\b|small form factor/, 'Small form factor'],
  [/\btower\b/, 'Tower'],
];

const EFFICIENCY = /80\s*(?:\+\s*|plus\s*)+(titanium|platinum|gold|silver|bronze|white)?/;

/**
 * The values a product's spec has for a facet, as buyers compare them; none when the text names
 * nothing the facet knows (the product is then not found by that filter, nor counted).
 */
export function normaliseSpec(facet: SpecFacetName, value: string): string[] {
  const text = specValueKey(value);
  switch (facet) {
    case 'formFactor': {
      // The largest board the case takes is the one named first (`ATX mid-tower`, `E-ATX …`).
      for (let at = 0; at < text.length; at += 1) {
        if (at > 0 && /[a-zµ]/.test(text[at - 1] ?? '')) continue;
        const board = BOARDS.find(([pattern]) => pattern.test(text.slice(at)));
        if (board) return [board[1]];
      }
      return [];
    }
    case 'caseSize': {
      const size = SIZES.find(([pattern]) => pattern.test(text));
      return size ? [size[1]] : [];
    }
    case 'fanSize':
      return [...new Set(millimetres(text).filter((mm) => mm >= 40 && mm <= 250))]
        .sort((a, b) => a - b)
        .map((mm) => `${mm} mm`);
    case 'gpuLength': {
      const longest = Math.max(0, ...millimetres(text));
      return GPU_STEPS.filter((step) => longest >= step).map(atLeast);
    }
    case 'radiator': {
      const largest = Math.max(0, ...millimetres(text));
      return RADIATOR_STEPS.filter((step) => largest >= step).map(atLeast);
    }
    case 'wattage': {
      const watts = /(\d{2,5})\s*w\b/.exec(text)?.[1];
      return watts ? [`${Number(watts)} W`] : [];
    }
    case 'efficiency': {
      const rating = EFFICIENCY.exec(text);
      if (!rating) return [];
      const level = rating[1];
      return [level ? `80 PLUS ${level[0]?.toUpperCase()}${level.slice(1)}` : '80 PLUS'];
    }
    case 'modularity':
      if (/semi/.test(text)) return ['Semi-modular'];
      if (/\bnon\b|non-|not /.test(text)) return ['Non-modular'];
      if (/modular/.test(text)) return ['Fully modular'];
      return [];
  }
}

/** The order a facet's values are shown in: GPU and radiator steps and figures by their number. */
export const specValueOrder = madeOnFirstUse(
  () => new Intl.Collator('en', { numeric: true, sensitivity: 'base' }),
);

export const specFilterMessages = {
  groupLabel: 'Filter by specs',
  any: 'Any',
  /** Without a category the list mixes product types: its spec filters come with one. */
  chooseCategory: 'Choose a category to filter by its specs.',
  option: (value: string, count: number) => `${value} (${formatQuantity(count)})`,
  invalid: (param: string) =>
    `${param} must be a spec value of at most ${SPEC_FILTER_MAX_LENGTH} characters without control characters`,
} as const;
