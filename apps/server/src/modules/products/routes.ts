import {
  idParamsSchema,
  productDeletedSchema,
  productOpenOrdersSchema,
  listQuerySchema,
  productInputSchema,
  productListSchema,
  productSchema,
} from '@shop/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../http/route.js';
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
          summary: 'All products, in catalog order',
          querystring: listQuerySchema,
          response: { 200: productListSchema, ...errorResponses(503) },
        },
      },
      async (request, reply) => {
        const { limit } = request.query;
        return lists.send(request, reply, String(limit ?? 'all'), () => products.list(limit));
      },
    );

    app.get(
      '/products/:id',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getProduct',
          tags: ['products'],
          summary: 'One product',
          params: idParamsSchema,
          response: { 200: productSchema, ...errorResponses(404, 503) },
        },
      },
      (request) => products.get(request.params.id),
    );

    app.post(
      '/product',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'createProduct',
          tags: ['products'],
          summary: 'Add a product (admins); numbers may be sent as numeric strings',
          body: productInputSchema,
          response: {
            200: z.object({ insertedId: z.string(), product: productSchema }),
            // Another product has the SKU.
            ...errorResponses(409),
          },
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
            'Replace every field of a product (admins); a B2B field left out takes its default',
          params: idParamsSchema,
          body: productInputSchema,
          response: {
            200: z.object({ modifiedCount: z.number(), product: productSchema }),
            ...errorResponses(404, 409),
          },
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
          params: idParamsSchema,
          response: { 200: productOpenOrdersSchema, ...errorResponses(404) },
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
          params: idParamsSchema,
          response: { 200: productDeletedSchema, ...errorResponses(404) },
        },
      },
      (request) => products.delete(request.params.id),
    );
  };
}
