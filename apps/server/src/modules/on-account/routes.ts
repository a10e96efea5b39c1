import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.js';
import { fromContract } from '../../http/route.js';
import type { OnAccountService } from './on-account.service.js';

/** Paying on account (DESIGN.md section 13; docs/pay-on-account.md). */
export function onAccountRoutes(accounts: OnAccountService): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/companies/:id/terms',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'setCompanyTerms',
          tags: ['companies'],
          summary:
            "Grant, change or remove (both null) a company's payment terms: net days and credit limit in dollars (shop admins)",
          ...fromContract('PUT /companies/:id/terms', 404),
        },
      },
      (request) => accounts.setTerms(request.params.id, request.body),
    );

    app.put(
      '/companies/:id/hold',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'setCompanyHold',
          tags: ['companies'],
          summary:
            'Put a company on credit hold or lift it (shop admins); lifting waives the invoices overdue until now',
          ...fromContract('PUT /companies/:id/hold', 404),
        },
      },
      (request) => accounts.setHold(request.params.id, request.body),
    );

    app.get(
      '/companies/:id/statement',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getCompanyStatement',
          tags: ['companies'],
          summary:
            "A company's statement: open invoices (number, order, issued, due, amount due, days overdue), balance and available credit, and the account over a period (?from=&to=, YYYY-MM-DD, the last 90 days without): opening balance, every invoice and payment, closing balance (its members and shop admins)",
          ...fromContract('GET /companies/:id/statement', 403, 404),
        },
      },
      (request) => accounts.statement(currentUser(request), request.params.id, request.query),
    );

    app.post(
      '/orders/:id/invoice-payment',
      {
        config: { access: 'user', limit: 'payments', idempotent: true },
        schema: {
          operationId: 'payOrderByInvoice',
          tags: ['orders'],
          summary:
            'Pay an order on account (net N days): its placer or a company admin of a company with terms; the credit check and the balance change are one step',
          ...fromContract('POST /orders/:id/invoice-payment', 403, 404, 409),
        },
      },
      (request) => accounts.payByInvoice(currentUser(request), request.params.id),
    );

    app.post(
      '/orders/:id/invoice-payments',
      {
        config: { access: 'admin', idempotent: true },
        schema: {
          operationId: 'recordInvoicePayment',
          tags: ['orders'],
          summary:
            'Record money received for an order paid on account (shop admins); partial payments add up, more than the amount due is refused',
          ...fromContract('POST /orders/:id/invoice-payments', 404, 409),
        },
      },
      async (request, reply) => {
        const recorded = await accounts.recordPayment(
          currentUser(request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send(recorded);
      },
    );

    app.get(
      '/orders/:id/invoice-payments',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listInvoicePayments',
          tags: ['orders'],
          summary: 'The payments recorded for an order paid on account (whoever may see the order)',
          ...fromContract('GET /orders/:id/invoice-payments', 403, 404),
        },
      },
      (request) => accounts.paymentsOf(currentUser(request), request.params.id),
    );
  };
}
