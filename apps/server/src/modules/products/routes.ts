import { apiContract, SEARCH_MATCH_HEADER, TOTAL_COUNT_HEADER } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fromContract } from '../../http/route.js';
import { countedListResponse, sendCounted } from '../../http/total-count.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { createJsonCache } from '../../http/json-cache.js';
import type { ProductsService } from './products.service.js';

export function productRoutes(
  products: ProductsService,
  changes: ChangeFeed,
): FastifyPluginAsyncZod {
  // The catalog is read on every visit and changes rarely (stock moves with each order).
  const lists = createJsonCache(changes, 'products');
  return async (app) => {
    app.get(
      '/products',
      {
        config: { access: 'public', hotList: 'products' },
        schema: {
          operationId: 'listProducts',
          tags: ['products'],
          summary:
            'The catalog: every product in catalog order, or those matching a search (q: every word, folded, or one of its synonyms, in the name, SKU, description, specs or category; the best matches first; category), sorted, in pages',
          ...fromContract('GET /products'),
          response: {
            200: countedListResponse(apiContract['GET /products'].response, {
              description: `The matching products: all of them, or one page with page or limit; the header ${TOTAL_COUNT_HEADER} holds how many match in all`,
              total: 'How many products match in all',
            }),
            ...errorResponses(503),
          },
        },
      },
      async (request, reply) => {
        const { q, category, sort, page, limit, ...specs } = request.query;
        // The whole catalog and the home page's first N are asked for on every visit: kept
        // until the table changes. Anything else is a search, read from the database (through
        // its indexes) every time, so it is never stale and never fills the cache.
        if (
          q === undefined &&
          category === undefined &&
          sort === undefined &&
          page === undefined &&
          Object.values(specs).every((value) => value === undefined)
        ) {
          return lists.sendPage(request, reply, String(limit ?? 'all'), () =>
            products.search(request.query),
          );
        }
        const { match, ...found } = await products.search(request.query);
        if (match) reply.header(SEARCH_MATCH_HEADER, match);
        return sendCounted(reply, found);
      },
    );

    app.get(
      '/products/facets',
      {
        // Public like the list, and like it under no limit of its own (a read through indexes).
        config: { access: 'public' },
        schema: {
          operationId: 'listProductFacets',
          tags: ['products'],
          summary:
            "The spec filters of a category (cases: form factor, case size, fan size, GPU length, radiator; power supplies: wattage, efficiency, modularity; none without a category), their values normalised: for the products q and category match, each facet's values and how many products have each, counted with the other facets' filters but not its own",
          ...fromContract('GET /products/facets', 503),
        },
      },
      (request) => products.facets(request.query),
    );

    app.get(
      '/products/:id',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getProduct',
          tags: ['products'],
          summary: 'One product',
          ...fromContract('GET /products/:id', 404, 503),
        },
      },
      (request) => products.get(request.params.id),
    );

    app.post(
      '/products/lookup',
      {
        // Anyone may check SKUs, as anyone may read the catalog: one indexed query for up to
        // 200 SKUs, priced in the request budget like a search (http/request-budget.ts).
        config: { access: 'public' },
        schema: {
          operationId: 'lookupProducts',
          tags: ['products'],
          summary:
            'Quick order: 1-200 lines {sku, quantity}, SKUs in any case, each answered with its product, unit price and line total today, or why it cannot be ordered (unknown_sku, below_minimum, not_pack_multiple, out_of_stock: the first that applies)',
          ...fromContract('POST /products/lookup', 503),
        },
      },
      (request) => products.lookup(request.body),
    );

    app.post(
      '/product',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'createProduct',
          tags: ['products'],
          summary: 'Add a product (admins); numbers may be sent as numeric strings',
          // 409: another product has the SKU.
          ...fromContract('POST /product', 409),
        },
      },
      (request) => products.create(request.body),
    );

    app.put(
      '/products/:id',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'updateProduct',
          tags: ['products'],
          summary:
            'Replace every field of a product (admins); a B2B field left out takes its default. With expectedAqty (the stock the form opened with) a changed aqty is written only while the stock is still that figure: 409 stock_changed with error.current.aqty otherwise',
          // 409: another product has the SKU, or the stock changed since expectedAqty.
          ...fromContract('PUT /products/:id', 404, 409),
        },
      },
      (request) => products.update(request.params.id, request.body),
    );

    app.get(
      '/products/:id/open-orders',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'getProductOpenOrders',
          tags: ['products'],
          summary:
            'How many orders a product has, and how many unpaid ones deleting it cancels (admins)',
          ...fromContract('GET /products/:id/open-orders', 404),
        },
      },
      (request) => products.openOrders(request.params.id),
    );

    app.delete(
      '/products/:id',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'deleteProduct',
          tags: ['products'],
          summary:
            'Delete a product (admins); one with orders is archived instead and its unpaid orders cancelled',
          ...fromContract('DELETE /products/:id', 404),
        },
      },
      (request) => products.delete(request.params.id),
    );
  };
}
