import {
  apiErrorSchema,
  deletedCountSchema,
  idParamsSchema,
  orderCreatedSchema,
  orderCreateSchema,
  orderListQuerySchema,
  orderListSchema,
  orderModifiedSchema,
  orderSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.js';
import type { OrdersService } from './orders.service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export function orderRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/order',
      {
        config: { access: 'user', limit: 'orders' },
        schema: {
          tags: ['orders'],
          summary: 'Place an order; the stock is reserved and the price computed by the server',
          body: orderCreateSchema,
          response: { 200: orderCreatedSchema, ...errors },
        },
      },
      (request) => orders.place(currentUser(request), request.body),
    );

    app.get(
      '/order',
      {
        config: { access: 'user' },
        schema: {
          tags: ['orders'],
          summary: "A user's orders, newest first (that user or an admin)",
          querystring: orderListQuerySchema,
          response: { 200: orderListSchema, ...errors },
        },
      },
      (request) => orders.listFor(currentUser(request), request.query.userEmail),
    );

    app.get(
      '/orders/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['orders'],
          summary: 'One order (its owner or an admin)',
          params: idParamsSchema,
          response: { 200: orderSchema, ...errors },
        },
      },
      (request) => orders.get(currentUser(request), request.params.id),
    );

    app.get(
      '/orders',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary: 'Every order (admins)',
          response: { 200: orderListSchema, ...errors },
        },
      },
      () => orders.listAll(),
    );

    app.put(
      '/order/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary: 'Mark an order paid (admins)',
          params: idParamsSchema,
          response: { 200: orderModifiedSchema, ...errors },
        },
      },
      (request) => orders.markPaidByAdmin(request.params.id),
    );

    app.put(
      '/ship/:id',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['orders'],
          summary: 'Ship a paid order (admins)',
          params: idParamsSchema,
          response: { 200: orderModifiedSchema, ...errors },
        },
      },
      (request) => orders.ship(request.params.id),
    );

    app.delete(
      '/orders/:id',
      {
        config: { access: 'user' },
        schema: {
          tags: ['orders'],
          summary: 'Delete an unpaid order and give its stock back (its owner or an admin)',
          params: idParamsSchema,
          response: { 200: deletedCountSchema, ...errors },
        },
      },
      (request) => orders.delete(currentUser(request), request.params.id),
    );
  };
}
