import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.js';
import { fromContract } from '../../http/route.js';
import type { OrderListsService } from './order-lists.service.js';

/** Saved order lists (DESIGN.md section 14): a signed-in customer's own, nobody else's. */
export function orderListRoutes(lists: OrderListsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/order-lists',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listOrderLists',
          tags: ['order lists'],
          summary:
            "The caller's saved order lists: the order list itself (isDefault) first, then the named ones",
          ...fromContract('GET /order-lists'),
        },
      },
      (request) => lists.list(currentUser(request)),
    );

    app.post(
      '/order-lists',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'createOrderList',
          tags: ['order lists'],
          summary:
            "Save a named order list (at most 20 lists, the order list itself included: 409 too_many_lists; 200 lines; a name another of the caller's lists has, in any case: 409 list_name_taken); isDefault makes it the order list itself (409 when there is one)",
          // 409: too_many_lists, list_name_taken, or a second default list.
          ...fromContract('POST /order-lists', 409),
        },
      },
      async (request, reply) => {
        const created = await lists.create(currentUser(request), request.body);
        return reply.code(201).send(created);
      },
    );

    app.put(
      '/order-lists/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'updateOrderList',
          tags: ['order lists'],
          summary:
            "Rename one of the caller's lists or replace its lines (the last save wins); another's list is 404, a name another of the caller's lists has (in any case) 409 list_name_taken",
          ...fromContract('PUT /order-lists/:id', 404, 409),
        },
      },
      (request) => lists.update(currentUser(request), request.params.id, request.body),
    );

    app.delete(
      '/order-lists/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'deleteOrderList',
          tags: ['order lists'],
          summary:
            "Delete one of the caller's named lists (the order list itself is emptied, not deleted: 409); another's list is 404",
          ...fromContract('DELETE /order-lists/:id', 404, 409),
        },
      },
      (request) => lists.delete(currentUser(request), request.params.id),
    );
  };
}
