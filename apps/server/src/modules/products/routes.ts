import {
  apiErrorSchema,
  idParamsSchema,
  listQuerySchema,
  productListSchema,
  productSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductsService } from './products.service.js';

export function productRoutes(products: ProductsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/products',
      {
        config: { access: 'public' },
        schema: {
          tags: ['products'],
          summary: 'All products, in catalog order',
          querystring: listQuerySchema,
          response: { 200: productListSchema, 400: apiErrorSchema },
        },
      },
      (request) => products.list(request.query.limit),
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
  };
}
