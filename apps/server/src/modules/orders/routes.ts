import { apiContract, TOTAL_COUNT_HEADER } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyTag } from '../../http/idempotency.js';
import { errorResponses, fromContract } from '../../http/route.js';
import { countedListResponse, sendCounted } from '../../http/total-count.js';
import { currentUser } from '../../auth/guard.js';
import type { OrdersService } from './orders.service.js';

export function orderRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/order',
      {
        config: { access: 'user', confirmedEmail: true, limit: 'orders', idempotent: true },
        schema: {
          operationId: 'placeOrder',
          tags: ['orders'],
          summary: 'Place an order; the stock is reserved and the price computed by the server',
          ...fromContract('POST /order', 404, 409),
        },
      },
      (request) => orders.place(currentUser(request), request.body, idempotencyTag(request)),
    );

    app.post(
      '/orders',
      {
        config: { access: 'user', confirmedEmail: true, limit: 'orders', idempotent: true },
        schema: {
          operationId: 'placeOrderOfLines',
          tags: ['orders'],
          summary:
            'Place an order of 1-50 products, all or nothing; the server reserves the stock and prices each line (its volume break)',
          ...fromContract('POST /orders', 404, 409),
        },
      },
      async (request, reply) => {
        const placed = await orders.placeLines(
          currentUser(request),
          request.body,
          idempotencyTag(request),
        );
        return reply.code(201).send(placed);
      },
    );

    app.get(
      '/order',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listUserOrders',
          tags: ['orders'],
          summary: "A user's orders, newest first (that user or an admin)",
          ...fromContract('GET /order', 403),
        },
      },
      (request) => orders.listFor(currentUser(request), request.query.userEmail, request.query.q),
    );

    app.get(
      '/orders/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getOrder',
          tags: ['orders'],
          summary: 'One order (its owner or an admin)',
          ...fromContract('GET /orders/:id', 403, 404),
        },
      },
      (request) => orders.get(currentUser(request), request.params.id),
    );

    app.get(
      '/orders',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'listAllOrders',
          tags: ['orders'],
          summary: `Manage Order (admins): every order, newest first; with q (order number as CF-10234 or 10234, customer, email, order id, product, PO number, transaction id or tracking number), status, page or limit the matches, one page of them; the number of matches is in ${TOTAL_COUNT_HEADER}`,
          ...fromContract('GET /orders'),
          response: {
            200: countedListResponse(apiContract['GET /orders'].response, {
              description: 'The matching orders, newest first: all of them, or the page asked for',
              total: 'How many orders match (every order without q or status)',
            }),
          },
        },
      },
      async (request, reply) => sendCounted(reply, await orders.listForAdmin(request.query)),
    );

    app.put(
      '/order/:id',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'markOrderPaid',
          tags: ['orders'],
          summary:
            'Mark an order paid (admins). Without a body, the spec call: a transaction id of the shop is recorded. With {amount, reference, receivedAt}: a bank transfer of the whole total, its reference kept as the transaction id and printed on the invoice',
          // The body may be absent (Fastify reads it as null): the spec's call.
          ...fromContract('PUT /order/:id', 404, 409),
        },
      },
      (request) => orders.markPaidByAdmin(request.params.id, request.body),
    );

    app.put(
      '/ship/:id',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'shipOrder',
          tags: ['orders'],
          summary:
            'Ship a paid order (admins), with its carrier and tracking number (both or neither)',
          // The body may be absent (Fastify reads it as null): shipping without tracking.
          ...fromContract('PUT /ship/:id', 404, 409),
        },
      },
      (request) => orders.ship(request.params.id, request.body),
    );

    app.put(
      '/orders/:id/shipment',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'editOrderShipment',
          tags: ['orders'],
          summary:
            'Correct the carrier and tracking number of a shipped order (admins; both or neither); 409 unless the order is shipped',
          ...fromContract('PUT /orders/:id/shipment', 404, 409),
        },
      },
      (request) => orders.editShipment(request.params.id, request.body),
    );

    app.delete(
      '/orders/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'deleteOrder',
          tags: ['orders'],
          summary: 'Delete an unpaid order and give its stock back (its owner or an admin)',
          ...fromContract('DELETE /orders/:id', 403, 404, 409),
        },
      },
      (request) => orders.delete(currentUser(request), request.params.id),
    );

    app.get(
      '/companies/:id/orders',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listCompanyOrders',
          tags: ['companies'],
          summary: `Company orders (its members and shop admins): newest first, with who placed each; q, status, approval (awaiting_approval for the Approvals list), page and limit as Manage Order's; the number of matches is in ${TOTAL_COUNT_HEADER}`,
          ...fromContract('GET /companies/:id/orders', 403),
          response: {
            200: countedListResponse(apiContract['GET /companies/:id/orders'].response, {
              description: "The company's matching orders, newest first",
              total: 'How many of its orders match',
            }),
            ...errorResponses(403),
          },
        },
      },
      async (request, reply) =>
        sendCounted(
          reply,
          await orders.listForCompany(currentUser(request), request.params.id, request.query),
        ),
    );

    app.post(
      '/orders/:id/approve',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'approveOrder',
          tags: ['companies'],
          summary:
            "Approve a buyer's order over their limit (an admin of the order's company): it becomes payable, its hold runs from now; 409 when decided already",
          ...fromContract('POST /orders/:id/approve', 403, 404, 409),
        },
      },
      (request) => orders.approve(currentUser(request), request.params.id),
    );

    app.post(
      '/orders/:id/reject',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'rejectOrder',
          tags: ['companies'],
          summary:
            "Reject a buyer's order over their limit, with a reason (an admin of the order's company): it is cancelled and its stock returned; 409 when decided already",
          ...fromContract('POST /orders/:id/reject', 403, 404, 409),
        },
      },
      (request) => orders.reject(currentUser(request), request.params.id, request.body.reason),
    );
  };
}
