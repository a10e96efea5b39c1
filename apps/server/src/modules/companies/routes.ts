import { apiContract, TOTAL_COUNT_HEADER } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/guard.js';
import { fromContract } from '../../http/route.js';
import { countedListResponse, sendCounted } from '../../http/total-count.js';
import type { CompaniesService } from './companies.service.js';

/**
 * Companies, members and invitations (DESIGN.md section 12). The company's orders and the
 * approvals are the orders module's routes (`GET /companies/{id}/orders`, `POST
 * /orders/{id}/approve|reject`), where the order rules live.
 */
export function companyRoutes(companies: CompaniesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/companies',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'createCompany',
          tags: ['companies'],
          summary:
            'Create a company (a signed-in user in none); the creator becomes its admin; 409 already_in_company',
          ...fromContract('POST /companies', 409),
        },
      },
      async (request, reply) =>
        reply.code(201).send(await companies.create(currentUser(request), request.body)),
    );

    app.get(
      '/companies/mine',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getMyCompany',
          tags: ['companies'],
          summary: "The caller's company with its members; 404 when in none",
          ...fromContract('GET /companies/mine', 404),
        },
      },
      (request) => companies.mine(currentUser(request)),
    );

    app.get(
      '/companies',
      {
        config: { access: 'admin' },
        schema: {
          operationId: 'listCompanies',
          tags: ['companies'],
          summary: `Manage Companies (shop admins): newest first; q finds a name or VAT id; page and limit; the number of matches is in ${TOTAL_COUNT_HEADER}`,
          ...fromContract('GET /companies'),
          response: {
            200: countedListResponse(apiContract['GET /companies'].response, {
              description: 'The matching companies, newest first: all, or the page asked for',
              total: 'How many companies match',
            }),
          },
        },
      },
      async (request, reply) => sendCounted(reply, await companies.list(request.query)),
    );

    app.get(
      '/companies/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getCompany',
          tags: ['companies'],
          summary: 'One company with its members (its members and shop admins)',
          ...fromContract('GET /companies/:id', 403, 404),
        },
      },
      (request) => companies.get(currentUser(request), request.params.id),
    );

    app.patch(
      '/companies/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'updateCompany',
          tags: ['companies'],
          summary: "Edit a company's name, VAT id or billing address (its admins and shop admins)",
          ...fromContract('PATCH /companies/:id', 403, 404),
        },
      },
      (request) => companies.update(currentUser(request), request.params.id, request.body),
    );

    app.patch(
      '/companies/:id/members/:userId',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'updateCompanyMember',
          tags: ['companies'],
          summary:
            "Change a member's role or order limit (company admins and shop admins); 409 last_company_admin",
          ...fromContract('PATCH /companies/:id/members/:userId', 403, 404, 409),
        },
      },
      (request) =>
        companies.updateMember(
          currentUser(request),
          request.params.id,
          request.params.userId,
          request.body,
        ),
    );

    app.delete(
      '/companies/:id/members/:userId',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'removeCompanyMember',
          tags: ['companies'],
          summary:
            'Remove a member (company admins, shop admins, or the member themselves); 409 last_company_admin',
          ...fromContract('DELETE /companies/:id/members/:userId', 403, 404, 409),
        },
      },
      (request) =>
        companies.removeMember(currentUser(request), request.params.id, request.params.userId),
    );

    app.post(
      '/companies/:id/invitations',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'inviteToCompany',
          tags: ['companies'],
          summary:
            'Invite someone by mail (company admins with a confirmed email, 403 email_not_confirmed otherwise; shop admins): a link to /invitations/{token}, valid 7 days, once; a company may send a limited number an hour and an admin a limited number a day (429 too_many_invitations)',
          ...fromContract('POST /companies/:id/invitations', 403, 404, 409, 429),
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await companies.invite(currentUser(request), request.params.id, request.body)),
    );

    app.get(
      '/companies/:id/invitations',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listCompanyInvitations',
          tags: ['companies'],
          summary: "A company's open invitations, newest first (company admins and shop admins)",
          ...fromContract('GET /companies/:id/invitations', 403, 404),
        },
      },
      (request) => companies.invitations(currentUser(request), request.params.id),
    );

    app.delete(
      '/companies/:id/invitations/:invitationId',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'revokeCompanyInvitation',
          tags: ['companies'],
          summary: 'Withdraw an open invitation (company admins and shop admins)',
          ...fromContract('DELETE /companies/:id/invitations/:invitationId', 403, 404),
        },
      },
      (request) =>
        companies.revokeInvitation(
          currentUser(request),
          request.params.id,
          request.params.invitationId,
        ),
    );

    app.get(
      '/invitations/:token',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getInvitation',
          tags: ['companies'],
          summary:
            "What an invitation is (signed in): company, role, limit, the invited address (masked unless it is the caller's); 404 unknown, 410 used or expired",
          ...fromContract('GET /invitations/:token', 404, 410),
        },
      },
      (request) => companies.preview(currentUser(request), request.params.token),
    );

    app.get(
      '/invitations/:token/company',
      {
        config: { access: 'public' },
        schema: {
          operationId: 'getInvitationCompany',
          tags: ['companies'],
          summary:
            'The name of the company an invitation is for, and nothing else (anyone holding the link, signed in or not); 404 unknown, 410 used or expired',
          ...fromContract('GET /invitations/:token/company', 404, 410),
        },
      },
      (request) => companies.invitationCompany(request.params.token),
    );

    app.post(
      '/invitations/:token/accept',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'acceptInvitation',
          tags: ['companies'],
          summary:
            'Join the company of an invitation (signed in with the invited address: 403 otherwise); 404 unknown, 410 used or expired, 409 already in a company',
          ...fromContract('POST /invitations/:token/accept', 403, 404, 409, 410),
        },
      },
      (request) => companies.accept(currentUser(request), request.params.token),
    );
  };
}
