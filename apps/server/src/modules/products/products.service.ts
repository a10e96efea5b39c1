import type { productInputSchema, productUpdateSchema } from '@shop/shared';
import {
  ID_PATTERN,
  lookupLine,
  type LookupResult,
  type lookupRequestSchema,
  productRuleMessages,
  stockEditMessages,
  searchTerms,
  type SearchMatch,
  type SearchSynonymPair,
  type ProductListQuery,
  type Product,
  type ProductDeleted,
  type ProductOpenOrders,
  type ProductSpec,
  SPEC_FACETS,
  facetsFor,
  normaliseSpec,
  specValueKey,
  specValueOrder,
  type ProductCategory,
  type ProductFacets,
  type ProductFacetsQuery,
  type SpecFacetName,
  type SpecFilters,
} from '@shop/shared';
import type { z } from 'zod';
import { listWindow } from '../../db/list-queries.js';
import type { OrderRow, ProductRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import {
  RELEVANCE,
  SKU_TAKEN,
  type ProductFields,
  type ProductOrders,
  type ProductsRepository,
  type SpecMatch,
} from './products.repository.js';

export interface ProductsServiceDeps {
  /** The orders module's part in removing a product that has orders. */
  orders: ProductOrders;
  /** After a commit that cancelled orders (and wrote their mails): their open payments cancelled. */
  afterCancel(cancelled: OrderRow[]): Promise<void>;
  /** The admin's search synonyms, which a search expands its words with. */
  synonyms: { pairs(): Promise<SearchSynonymPair[]> };
}

type ValidProduct = z.output<typeof productInputSchema>;
type ValidProductUpdate = z.output<typeof productUpdateSchema>;

const fieldsOf = (input: ValidProduct): ProductFields => ({
  name: input.name,
  description: input.description,
  imgUrl: input.imgURL,
  priceCents: Math.round(input.price * 100),
  aqty: input.aqty,
  minquantity: input.minquantity,
  category: input.category,
  sku: input.sku,
  specs: input.specs,
  increment: input.increment,
  priceBreaks: input.priceBreaks.map((b) => ({
    minQty: b.minQty,
    priceCents: Math.round(b.price * 100),
  })),
});

/** Another product has this SKU: a state of the catalog, not a typo, so 409 on `sku`. */
const skuTaken = () =>
  new AppError('conflict', productRuleMessages.skuTaken, { sku: productRuleMessages.skuTaken });

/** A stored product in the API's shape, with the spec client's alternative names too. */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    productName: row.name,
    price: row.price_cents / 100,
    description: row.description,
    imgURL: row.img_url,
    image: row.img_url,
    aqty: row.aqty,
    aQty: row.aqty,
    minquantity: row.minquantity,
    category: row.category,
    sku: row.sku,
    specs: parseJsonArray<ProductSpec>(row.specs),
    increment: row.increment,
    priceBreaks: parseJsonArray<{ minQty: number; priceCents: number }>(row.price_breaks).map(
      (b) => ({ minQty: b.minQty, price: b.priceCents / 100 }),
    ),
  };
}

/** The JSON columns (`specs`, `price_breaks`) are written only from checked input. */
function parseJsonArray<T>(text: string): T[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The spec filters a query asks for, by facet. */
const specFiltersOf = (query: ProductFacetsQuery): SpecFilters =>
  Object.fromEntries(
    SPEC_FACETS.flatMap(({ name }) => (query[name] === undefined ? [] : [[name, query[name]]])),
  );

/** Whether the stored spec `value` means the chosen value for the facet (`normaliseSpec`). */
const means = (facet: SpecFacetName, value: string, chosen: string): boolean =>
  normaliseSpec(facet, value).some((one) => specValueKey(one) === specValueKey(chosen));

/** A product as the counts read it: its category and its specs. */
export interface FacetedProduct {
  category: string;
  specs: ProductSpec[];
}

/**
 * The facets a list's products are counted for: its category's (ux 2026-11-28 #19: the filters
 * of the type the list shows), none for the whole catalog.
 *
 * Per facet, the values (normalised: `normaliseSpec`) the products of the facet's categories
 * have and how many have each, counted among the products that pass the OTHER facets' filters
 * (standard faceting: choosing `750 W` still lists the other wattages). A chosen value no
 * product has stays listed, with 0, so the page can show what is chosen.
 */
export function countFacets(
  products: FacetedProduct[],
  filters: SpecFilters,
  category: ProductCategory | undefined,
): ProductFacets {
  const facets = facetsFor(category);
  // Each product's normalised values per facet (a product counts once per value).
  const valued = products.map((product) => {
    const values = new Map<SpecFacetName, Map<string, string>>();
    for (const facet of facets) {
      const own = new Map<string, string>();
      if ((facet.categories as readonly string[]).includes(product.category)) {
        for (const spec of product.specs) {
          if (specValueKey(spec.name) !== specValueKey(facet.spec)) continue;
          for (const shown of normaliseSpec(facet.name, spec.value)) {
            own.set(specValueKey(shown), shown);
          }
        }
      }
      values.set(facet.name, own);
    }
    return values;
  });
  const passes = (product: Map<SpecFacetName, Map<string, string>>, except: SpecFacetName) =>
    facets.every(({ name }) => {
      const chosen = filters[name];
      return (
        name === except || chosen === undefined || product.get(name)?.has(specValueKey(chosen))
      );
    });
  return {
    facets: facets.map(({ name, label }) => {
      const counts = new Map<string, { value: string; count: number }>();
      for (const product of valued) {
        if (!passes(product, name)) continue;
        for (const [key, value] of product.get(name) ?? []) {
          const entry = counts.get(key);
          if (entry) entry.count += 1;
          else counts.set(key, { value, count: 1 });
        }
      }
      const chosen = filters[name];
      if (chosen !== undefined && !counts.has(specValueKey(chosen))) {
        counts.set(specValueKey(chosen), { value: chosen.trim(), count: 0 });
      }
      return {
        name,
        label,
        values: [...counts.values()].sort((a, b) => specValueOrder().compare(a.value, b.value)),
      };
    }),
  };
}

export function createProductsService(products: ProductsRepository, deps: ProductsServiceDeps) {
  /**
   * The chosen spec filters as SQL reads them: for each, the stored values of its spec, among
   * the products of its categories, that `normaliseSpec` reads as the chosen value.
   */
  async function specMatches(filters: SpecFilters): Promise<SpecMatch[]> {
    return Promise.all(
      SPEC_FACETS.flatMap((facet) => {
        const chosen = filters[facet.name];
        if (chosen === undefined) return [];
        return [
          products.specValues(facet.spec, facet.categories).then((values) => ({
            spec: facet.spec,
            categories: facet.categories,
            values: values.filter((value) => means(facet.name, value, chosen)),
          })),
        ];
      }),
    );
  }

  return {
    /** Every catalog product's id and when it last changed (the sitemap, DESIGN.md section 15). */
    catalogDates: () => products.catalogDates(),

    /**
     * `GET /api/products`: the catalog's products that match (all of them without `q` or
     * `category`), the best matches first or in the asked order, one page or all, how many
     * match in all, and how the first one matched (`SEARCH_MATCH_HEADER`).
     */
    async search(
      query: ProductListQuery,
    ): Promise<{ items: Product[]; total: number; match?: SearchMatch }> {
      const q = query.q ?? '';
      const terms = q === '' ? [] : searchTerms(q, await deps.synonyms.pairs());
      // Signs alone (`%`, `-`) fold to no word: they name no product.
      if (q !== '' && terms.length === 0) return { items: [], total: 0 };
      const specs = await specMatches(specFiltersOf(query));
      const { rows, total } = await products.search({
        terms,
        exact: q,
        category: query.category,
        specs,
        sort: query.sort,
        window: listWindow(query),
      });
      const first = rows[0];
      const match: SearchMatch | undefined =
        terms.length === 0 || !first
          ? undefined
          : Number(first.relevance) <= terms.length * RELEVANCE.TEXT
            ? 'text'
            : 'name';
      return { items: rows.map(toProduct), total, ...(match && { match }) };
    },

    /** `GET /api/products/facets`: the spec filters' values, with counts, for a search. */
    async facets(query: ProductFacetsQuery): Promise<ProductFacets> {
      const q = query.q ?? '';
      const terms = q === '' ? [] : searchTerms(q, await deps.synonyms.pairs());
      const filters = specFiltersOf(query);
      if (q !== '' && terms.length === 0) return countFacets([], filters, query.category);
      // The whole catalog mixes product types: its list has no spec filters to count.
      if (facetsFor(query.category).length === 0) return countFacets([], filters, undefined);
      const rows = await products.specsQuery({ terms, category: query.category }).execute();
      return countFacets(
        rows.map((row) => ({
          category: row.category,
          specs: parseJsonArray<ProductSpec>(row.specs),
        })),
        filters,
        query.category,
      );
    },

    /**
     * Quick order (DESIGN.md section 14): each line checked against its product as the catalog
     * is now, by the order's own quantity and price rules (packages/shared lookupLine), with one
     * query for every SKU. An archived product's SKU is unknown.
     */
    async lookup(input: z.output<typeof lookupRequestSchema>): Promise<LookupResult> {
      const rows = await products.findBySkus(input.lines.map((line) => line.sku));
      const bySku = new Map(rows.map((row) => [(row.sku ?? '').toLowerCase(), toProduct(row)]));
      return {
        lines: input.lines.map(({ sku, quantity }) =>
          lookupLine(sku, quantity, bySku.get(sku.toLowerCase())),
        ),
      };
    },

    /** The names of the products these ids name, archived ones included (saved order lists). */
    namesOf: (ids: readonly string[]) => products.namesOf(ids),

    async get(id: string): Promise<Product> {
      // A malformed id cannot name a product: answer 404 without asking the database.
      const row = ID_PATTERN.test(id) ? await products.findById(id) : undefined;
      if (!row) throw AppError.notFound('Product');
      return toProduct(row);
    },

    async create(input: ValidProduct) {
      const row = await products.create(fieldsOf(input));
      if (row === SKU_TAKEN) throw skuTaken();
      return { insertedId: row.id, product: toProduct(row) };
    },

    /**
     * Replaces a product; a stock edit sent with the figure the form opened with is refused
     * with 409 `stock_changed` (and the figure now) when the stock moved since.
     */
    async update(id: string, input: ValidProductUpdate) {
      const row = ID_PATTERN.test(id)
        ? await products.update(id, fieldsOf(input), input.expectedAqty)
        : undefined;
      if (row === SKU_TAKEN) throw skuTaken();
      if (!row) throw AppError.notFound('Product');
      if ('kind' in row) {
        const now = row.current.aqty;
        throw new AppError(
          'stock_changed',
          stockEditMessages.changed(now),
          { aqty: stockEditMessages.changedField(now) },
          { aqty: now },
        );
      }
      return { modifiedCount: 1, product: toProduct(row) };
    },

    /** What deleting the product would do, for the admin's confirmation dialog. */
    async openOrders(id: string): Promise<ProductOpenOrders> {
      const row = ID_PATTERN.test(id) ? await products.findById(id) : undefined;
      if (!row) throw AppError.notFound('Product');
      return deps.orders.countForProduct(products.db, id);
    },

    /** Deleted when it has no orders; otherwise archived, its unpaid orders cancelled. */
    async delete(id: string): Promise<ProductDeleted> {
      const result = ID_PATTERN.test(id)
        ? await products.remove(id, deps.orders)
        : ({ kind: 'gone' } as const);
      if (result.kind === 'gone') throw AppError.notFound('Product');
      if (result.kind === 'deleted')
        return { deletedCount: 1, archived: false, cancelledOrders: 0 };
      await deps.afterCancel(result.cancelled);
      return { deletedCount: 1, archived: true, cancelledOrders: result.cancelled.length };
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
