import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fromContract } from '../../http/route.js';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.js';
import type { PaymentsService } from './payments.service.js';
import type { TestGateway } from './test-gateway.js';

export function paymentRoutes(
  payments: PaymentsService,
  testGateway: TestGateway | undefined,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/payments/config',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getPaymentsConfig',
          tags: ['payments'],
          summary: 'Which payment gateway is active, and its publishable key',
          ...fromContract('GET /payments/config'),
        },
      },
      () => payments.config(),
    );

    app.post(
      '/create-payment-intent',
      {
        config: { access: 'user', limit: 'payments' },
        schema: {
          operationId: 'createPaymentIntent',
          tags: ['payments'],
          summary: "A client secret to pay one of the caller's unpaid orders",
          ...fromContract('POST /create-payment-intent', 403, 404, 409),
        },
      },
      (request) => payments.createIntent(currentUser(request), request.body.orderId),
    );

    app.patch(
      '/order/:id',
      {
        config: { access: 'user', limit: 'payments' },
        schema: {
          operationId: 'confirmPayment',
          tags: ['payments'],
          summary: 'Report a payment; the order is marked paid once the gateway confirms it',
          ...fromContract('PATCH /order/:id', 403, 404, 409),
        },
      },
      (request) =>
        payments.confirm(currentUser(request), request.params.id, request.body.transactionId),
    );

    // The webhook's signature covers the exact bytes, so this route reads the body raw.
    await app.register(async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      raw.post(
        '/payments/webhook',
        {
          config: { access: 'public' },
          schema: {
            operationId: 'receiveStripeWebhook',
            tags: ['payments'],
            summary: 'Stripe webhook (signature checked)',
            // Any type: the signature is checked over the raw bytes, whatever they are.
            consumes: ['*/*'],
            response: { 200: z.object({ received: z.boolean() }), ...errorResponses(404, 503) },
          },
        },
        (request) => {
          const signature = request.headers['stripe-signature'];
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
          return payments.webhook(body, typeof signature === 'string' ? signature : '');
        },
      );
    });

    if (testGateway) {
      app.post(
        '/payments/test/confirm',
        {
          config: { access: 'user', limit: 'payments' },
          schema: {
            operationId: 'payWithTestCard',
            tags: ['payments'],
            summary: 'Built-in test gateway: pay an intent with a test card',
            ...fromContract('POST /payments/test/confirm', 402, 404, 409),
          },
        },
        async (request) => {
          const intent = await testGateway.confirmCard(request.body);
          return { status: 'succeeded' as const, paymentIntentId: intent.id };
        },
      );
    }
  };
}
