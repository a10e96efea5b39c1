import {
  companyMessages,
  daysOverdue,
  formatOrderNumber,
  ID_PATTERN,
  onAccountMessages,
  REMINDER_DAYS_AFTER_DUE,
  REMINDER_DAYS_BEFORE_DUE,
  type CompanyAccount,
  type InvoicePayment,
  type Order,
  type Statement,
  type ValidInvoicePaymentInput,
  type ValidTermsInput,
} from '@shop/shared';
import type { CurrentUser } from '../../auth/guard.js';
import type { InvoicePaymentRow, OrderRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
import type { Membership } from '../companies/companies.repository.js';
import type { OrdersRepository } from '../orders/orders.repository.js';
import { markPaidRefusal, orderCancelled, type OrdersService } from '../orders/orders.service.js';
import { monthStartOf } from '../orders/place-order.repository.js';
import { companyAccountOf } from './company-credit.js';
import type {
  AccountRow,
  CreditRefusal,
  OnAccountRepository,
  ReminderKind,
} from './on-account.repository.js';

const DAY_MS = 86_400_000;

export interface OnAccountServiceDeps {
  accounts: OnAccountRepository;
  orders: Pick<OrdersRepository, 'findById' | 'invoiceOnAccount' | 'recordInvoicePayment'>;
  ordersService: Pick<OrdersService, 'visibleOrder' | 'presentOne'>;
  /** The caller's company and role (the companies module's lookup). */
  membershipOf: (userId: string) => Promise<Membership | undefined>;
  /** CREDIT_HOLD_DAYS. */
  creditHoldDays: number;
  /** The clock every due date, hold and reminder is measured by; tests move it. */
  now?: () => Date;
}

const companyNotFound = () => new AppError('not_found', companyMessages.companyNotFound);
const orderNotFound = () => AppError.notFound('Order');
const noTerms = () => new AppError('no_payment_terms', onAccountMessages.noPaymentTerms);
const notInvoiced = () => new AppError('order_not_invoiced', onAccountMessages.orderNotInvoiced);
const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (value: number | string | null) => Number(value ?? 0) / 100;

/** A company's account as the API serves it (one place: company-credit.ts). */
export const accountView = (row: AccountRow): CompanyAccount => companyAccountOf(row);

function paymentView(row: InvoicePaymentRow): InvoicePayment {
  return {
    _id: row.id,
    orderId: row.order_id,
    amount: row.amount_cents / 100,
    reference: row.reference,
    receivedAt: toIso(row.received_at),
    recordedAt: toIso(row.recorded_at),
    recordedBy: { userId: row.recorded_by_user_id, name: row.recorded_by_name },
  };
}

/** Why an order cannot be paid on account, read from its state as it is now. */
function notPayableRefusal(row: OrderRow): AppError {
  if (row.payment_status === 'invoiced') {
    return new AppError('order_already_invoiced', onAccountMessages.orderAlreadyInvoiced);
  }
  if (row.payment_status === 'cancelled') return orderCancelled();
  if (row.payment_status === 'paid') return markPaidRefusal(row);
  if (row.approval_status === 'awaiting_approval' || row.approval_status === 'rejected') {
    return new AppError('approval_required', companyMessages.approvalRequired);
  }
  return noTerms();
}

/**
 * Paying on account (DESIGN.md section 13): terms and holds (shop admins), paying an order by
 * invoice (its placer or a company admin of a company with terms), money received (shop
 * admins), statements (members, shop admins), and the worker's holds and reminders.
 */
export function createOnAccountService({
  accounts,
  orders,
  ordersService,
  membershipOf,
  creditHoldDays,
  now = () => new Date(),
}: OnAccountServiceDeps) {
  /** Invoices due before this moment put their company on hold. */
  const holdCutoff = (at: Date) => new Date(at.getTime() - creditHoldDays * DAY_MS).toISOString();

  async function accountOrNotFound(companyId: string): Promise<AccountRow> {
    const row = ID_PATTERN.test(companyId) ? await accounts.account(companyId) : undefined;
    if (!row) throw companyNotFound();
    return row;
  }

  const refusalOf = (reason: CreditRefusal, order: OrderRow, account?: AccountRow): AppError => {
    if (reason === 'no-terms') return noTerms();
    if (reason === 'hold') return new AppError('credit_hold', onAccountMessages.creditHold);
    // The same code (the web app knows it), its own words: no invoice is overdue.
    if (reason === 'manual-hold') {
      return new AppError('credit_hold', onAccountMessages.creditHoldByShop);
    }
    const available = account ? accountView(account).availableCredit : 0;
    return new AppError(
      'credit_limit_exceeded',
      onAccountMessages.creditLimitExceeded(order.price_cents / 100, available),
    );
  };

  return {
    accountView,

    /** `PUT /api/companies/{id}/terms` (shop admins). */
    async setTerms(companyId: string, terms: ValidTermsInput) {
      await accountOrNotFound(companyId);
      const row = await accounts.setTerms(
        companyId,
        terms ? { days: terms.days, creditLimitCents: cents(terms.creditLimit) } : null,
      );
      if (!row) throw companyNotFound();
      return { modifiedCount: 1, company: accountView(row) };
    },

    /**
     * `PUT /api/companies/{id}/hold` (shop admins): a hold set by hand keeps the reason given
     * (ux 2026-11-28 #34), which the members read; lifting forgets it.
     */
    async setHold(companyId: string, input: { onHold: boolean; reason?: string | undefined }) {
      await accountOrNotFound(companyId);
      const row = await accounts.setHold(
        companyId,
        { onHold: input.onHold, reason: input.onHold ? (input.reason ?? null) : null },
        holdCutoff(now()),
      );
      if (!row) throw companyNotFound();
      return { modifiedCount: 1, company: accountView(row) };
    },

    /**
     * `POST /api/orders/{id}/invoice-payment`: the order's placer, or an admin of its company,
     * pays it on account (anyone else: 403, `visibleOrder`'s 'pay'); the order must be of the
     * caller's company and the company must have terms (403 `no_payment_terms`); the rest is
     * one transaction (orders: `invoiceOnAccount`).
     */
    async payByInvoice(caller: CurrentUser, orderId: string) {
      // Its placer, or an admin of its company: the orders module's one rule (order-access.ts).
      const row = await ordersService.visibleOrder(caller, orderId, 'pay');
      const membership = await membershipOf(caller.id);
      const ofTheCompany =
        membership !== undefined &&
        row.company_id !== null &&
        membership.companyId === row.company_id;
      if (!ofTheCompany || row.company_id === null) throw noTerms();
      const account = await accounts.account(row.company_id);
      if (!account || account.terms_days === null) throw noTerms();
      const companyId = row.company_id;
      // A buyer paying their own order that was not approved, on account: their monthly limit
      // counts it (security 2026-11-28 #7), so limit-sized pieces do not add up unasked. A
      // company admin paying it is its approval.
      const monthlyLimitCents =
        membership.role !== 'admin' &&
        row.user_id === caller.id &&
        row.approval_status === 'not_required'
          ? membership.monthlyLimitCents
          : null;
      const result = await orders.invoiceOnAccount(orderId, companyId, async (trx, claimed) => {
        const credit = await accounts.reserveCredit(
          trx,
          companyId,
          claimed.price_cents,
          holdCutoff(now()),
        );
        if (credit.kind === 'refused') return credit;
        // After the credit's UPDATE, which holds the company's row until the commit.
        if (monthlyLimitCents !== null) {
          const invoiced = await accounts.invoicedWithoutApproval(trx, {
            userId: claimed.user_id,
            companyId,
            since: monthStartOf(now().toISOString()),
            exceptId: claimed.id,
          });
          if (invoiced + claimed.price_cents > monthlyLimitCents) {
            return { kind: 'refused', reason: 'monthly-limit' };
          }
        }
        return {
          kind: 'reserved',
          terms: {
            termsDays: credit.termsDays,
            companyName: credit.company.name,
            companyVatId: credit.company.vat_id,
          },
        };
      });
      if (result.kind === 'not-payable') {
        throw result.order ? notPayableRefusal(result.order) : orderNotFound();
      }
      if (result.kind === 'refused' && result.reason === 'monthly-limit') {
        throw new AppError(
          'monthly_limit_exceeded',
          companyMessages.monthlyLimitExceeded((monthlyLimitCents ?? 0) / 100),
        );
      }
      if (result.kind === 'refused') {
        throw refusalOf(result.reason as CreditRefusal, row, await accounts.account(companyId));
      }
      return { modifiedCount: 1, order: await ordersService.presentOne(result.order) };
    },

    /**
     * `POST /api/orders/{id}/invoice-payments` (shop admins): money received. More than the
     * amount due is a 400 on `amount`, a date received in the future or before the invoice's
     * date a 400 on `receivedAt`.
     */
    async recordPayment(
      caller: CurrentUser,
      orderId: string,
      input: ValidInvoicePaymentInput,
    ): Promise<{ insertedId: string; payment: InvoicePayment; order: Order }> {
      const row = ID_PATTERN.test(orderId) ? await orders.findById(orderId) : undefined;
      if (!row) throw orderNotFound();
      const receivedAt = new Date(input.receivedAt);
      // A date alone is that day (UTC); any moment of today is fine.
      if (receivedAt.getTime() > now().getTime() + DAY_MS) {
        throw new AppError('validation_failed', onAccountMessages.receivedInFuture, {
          receivedAt: onAccountMessages.receivedInFuture,
        });
      }
      // Nor before the invoice was issued (security 2026-11-28 #15): the day of issue counts
      // whole, as a date alone means that day (UTC). The date of issue never changes once set.
      if (row.invoice_issued_at !== null) {
        const issuedDay = toIso(row.invoice_issued_at).slice(0, 10);
        if (receivedAt.getTime() < Date.parse(`${issuedDay}T00:00:00.000Z`)) {
          const message = onAccountMessages.receivedBeforeInvoice(issuedDay);
          throw new AppError('validation_failed', message, { receivedAt: message });
        }
      }
      const amountCents = cents(input.amount);
      let recorded: InvoicePaymentRow | undefined;
      const result = await orders.recordInvoicePayment(
        orderId,
        amountCents,
        input.reference,
        async (trx, order) => {
          recorded = await accounts.recordPayment(trx, {
            orderId,
            companyId: order.company_id,
            amountCents,
            reference: input.reference,
            receivedAt: receivedAt.toISOString(),
            recordedBy: { userId: caller.id, name: caller.displayName },
          });
        },
      );
      if (result.kind === 'not-invoiced') throw result.order ? notInvoiced() : orderNotFound();
      if (result.kind === 'too-much') {
        const due = dollars(result.order?.invoice_amount_due_cents ?? 0);
        const message = onAccountMessages.amountExceedsDue(due);
        throw new AppError('validation_failed', message, { amount: message });
      }
      if (!recorded) throw new Error('invoice payment recorded without its row');
      // Paid off: an automatic hold this invoice caused is lifted at once (the worker would too).
      if (result.order.company_id !== null) {
        await accounts.sweepHolds(holdCutoff(now()), result.order.company_id);
      }
      return {
        insertedId: recorded.id,
        payment: paymentView(recorded),
        order: await ordersService.presentOne(result.order),
      };
    },

    /** `GET /api/orders/{id}/invoice-payments`: whoever may see the order. */
    async paymentsOf(caller: CurrentUser, orderId: string): Promise<InvoicePayment[]> {
      const row = await ordersService.visibleOrder(caller, orderId);
      return (await accounts.paymentsOf(row.id)).map(paymentView);
    },

    /** `GET /api/companies/{id}/statement`: the company's members and shop admins. */
    async statement(caller: CurrentUser, companyId: string): Promise<Statement> {
      const account = await accountOrNotFound(companyId);
      if (caller.role !== 'admin') {
        const membership = await membershipOf(caller.id);
        if (membership?.companyId !== companyId) {
          throw new AppError('forbidden', companyMessages.notCompanyMember);
        }
      }
      const at = now();
      const open = await accounts.openInvoices(companyId);
      return {
        companyId,
        companyName: account.name,
        vatId: account.vat_id,
        ...accountView(account),
        generatedAt: at.toISOString(),
        invoices: open.flatMap((order) => {
          if (!order.invoice_number || !order.invoice_issued_at || !order.invoice_due_at) {
            return [];
          }
          const dueAt = toIso(order.invoice_due_at);
          return [
            {
              orderId: order.id,
              orderNumber: formatOrderNumber(order.number),
              invoiceNumber: order.invoice_number,
              poNumber: order.po_number,
              issuedAt: toIso(order.invoice_issued_at),
              dueAt,
              total: order.price_cents / 100,
              amountDue: dollars(order.invoice_amount_due_cents),
              overdue: new Date(dueAt).getTime() < at.getTime(),
              daysOverdue: daysOverdue(dueAt, at),
            },
          ];
        }),
      };
    },

    /**
     * One pass of the worker (every instance runs one): holds set and lifted, then each
     * reminder owed by `at` sent once (the marker's primary key is the claim). Answers what it
     * did, for the log and the tests.
     */
    async runDue(
      at: Date = now(),
      batch = 100,
    ): Promise<{ held: number; lifted: number; reminders: number }> {
      const { held, lifted } = await accounts.sweepHolds(holdCutoff(at));
      const iso = at.toISOString();
      const windows: [ReminderKind, { from?: string; until: string }][] = [
        [
          'before-due',
          {
            from: iso,
            until: new Date(at.getTime() + REMINDER_DAYS_BEFORE_DUE * DAY_MS).toISOString(),
          },
        ],
        [
          'after-due',
          { until: new Date(at.getTime() - REMINDER_DAYS_AFTER_DUE * DAY_MS).toISOString() },
        ],
      ];
      let reminders = 0;
      for (const [kind, window] of windows) {
        for (;;) {
          const due = await accounts.remindersDue(kind, window, batch);
          for (const orderId of due) {
            if (await accounts.sendReminder(orderId, kind, iso)) reminders += 1;
          }
          if (due.length < batch) break;
        }
      }
      return { held, lifted, reminders };
    },
  };
}

export type OnAccountService = ReturnType<typeof createOnAccountService>;
