import { apiContract } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.js';
import { AppError } from '../../http/app-error.js';
import { errorResponses, fromContract } from '../../http/route.js';
import { INVOICE_RETRY_AFTER_SECONDS } from './invoice-renderer.js';
import type { InvoicesService } from './invoices.service.js';

export function invoiceRoutes(invoices: InvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:id/invoice',
      {
        config: { access: 'user', limit: 'invoices' },
        schema: {
          operationId: 'getOrderInvoice',
          tags: ['orders'],
          summary: "An order's invoice as a PDF file (its owner or an admin)",
          ...fromContract('GET /orders/:id/invoice'),
          response: {
            // A file, not JSON: documented under its own content type, sent as it is.
            200: {
              description: 'The invoice as a PDF file',
              content: {
                'application/pdf': {
                  schema: apiContract['GET /orders/:id/invoice'].response.meta({
                    format: 'binary',
                  }),
                },
              },
            },
            ...errorResponses(403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { fileName, pdf } = await invoices
          .invoiceOf(currentUser(request), request.params.id)
          .catch((error: unknown) => {
            // Every renderer busy and the queue full: a 503 that says when to come back.
            if (error instanceof AppError && error.code === 'invoice_busy') {
              reply.header('retry-after', String(INVOICE_RETRY_AFTER_SECONDS));
            }
            throw error;
          });
        // A Buffer is sent as it is: the response schema documents it, never serializes it.
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(pdf);
      },
    );
  };
}
