import {
  apiErrorSchema,
  deletedCountSchema,
  idParamsSchema,
  listQuerySchema,
  productInputSchema,
  productListSchema,
  productSchema,
} from '@shop/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
          tags: ['products'],
          summary: 'All products, in catalog order',
          querystring: listQuerySchema,
          response: { 200: productListSchema, 400: apiErrorSchema },
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
          tags: ['products'],
          summary: 'One product',
          params: idParamsSchema,
          response: { 200: productSchema, 404: apiErrorSchema },
        },
      },
      (request) => products.get(request.params.id),
    );

    const errors = {
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    };

    app.post(
      '/product',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['products'],
          summary: 'Add a product (admins); numbers may be sent as numeric strings',
          body: productInputSchema,
          response: {
            200: z.object({ insertedId: z.string(), product: productSchema }),
            ...errors,
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
          tags: ['products'],
          summary: 'Edit every field of a product (admins)',
          params: idParamsSchema,
          body: productInputSchema,
          response: {
            200: z.object({ modifiedCount: z.number(), product: productSchema }),
            ...errors,
          },
        },
      },
      (request) => products.update(request.params.id, request.body),
    );

    app.delete(
      '/products/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['products'],
          summary: 'Delete a product (admins); its orders stay readable',
          params: idParamsSchema,
          response: { 200: deletedCountSchema, ...errors },
        },
      },
      (request) => products.delete(request.params.id),
    );
  };
}
