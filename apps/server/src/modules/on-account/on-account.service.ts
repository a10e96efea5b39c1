import {
  canApply,
  companyMessages,
  daysOverdue,
  formatOrderNumber,
  ID_PATTERN,
  mayApprove,
  onAccountMessages,
  REMINDER_DAYS_AFTER_DUE,
  REMINDER_DAYS_BEFORE_DUE,
  STATEMENT_DEFAULT_DAYS,
  type AccountStatement,
  type CompanyAccount,
  type InvoicePayment,
  type Order,
  type Statement,
  type StatementQuery,
  type ValidInvoicePaymentInput,
  type ValidTermsInput,
} from '@shop/shared';
import type { CurrentUser } from '../../auth/guard.js';
import type { InvoicePaymentRow, OrderRow } from '../../db/schema.js';
import { toIso } from '../../db/time.js';
import { AppError } from '../../http/app-error.js';
import type { Membership } from '../companies/companies.repository.js';
import type { OrdersRepository } from '../orders/orders.repository.js';
import { refusedAction, type OrdersService } from '../orders/orders.service.js';
import { monthStartOf } from '../orders/place-order.repository.js';
import { companyAccountOf } from './company-credit.js';
import type {
  AccountRow,
  CreditRefusal,
  OnAccountRepository,
  ReminderKind,
} from './on-account.repository.js';
import type { ReserveCredit } from '../orders/order-transitions.repository.js';

const DAY_MS = 86_400_000;

export interface OnAccountServiceDeps {
  accounts: OnAccountRepository;
  orders: Pick<OrdersRepository, 'findById' | 'invoiceOnAccount' | 'recordInvoicePayment'>;
  ordersService: Pick<OrdersService, 'visibleOrder' | 'presentOne'>;
  /** The caller's company and role (the companies module's lookup). */
  membershipOf: (userId: string) => Promise<Membership | undefined>;
  /** CREDIT_HOLD_DAYS. */
  creditHoldDays: number;
  /**
   * Whether the shop's invoices carry its bank details (INVOICE_BANK_DETAILS set): granting terms
   * without them warns the admin (ux 2026-11-28 #13). Default true.
   */
  bankDetails?: boolean;
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

/**
 * Why an order cannot be paid on account, read from its state as it is now (the state table's
 * refusal); a state that allows it was refused for the company's terms.
 */
function notPayableRefusal(row: OrderRow): AppError {
  return canApply('invoice', row) ? noTerms() : refusedAction('invoice', row);
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
  bankDetails = true,
  now = () => new Date(),
}: OnAccountServiceDeps) {
  /** Invoices due before this moment put their company on hold. */
  const holdCutoff = (at: Date) => new Date(at.getTime() - creditHoldDays * DAY_MS).toISOString();

  async function accountOrNotFound(companyId: string): Promise<AccountRow> {
    const row = ID_PATTERN.test(companyId) ? await accounts.account(companyId) : undefined;
    if (!row) throw companyNotFound();
    return row;
  }

  /**
   * The account statement of a period (issue 33 point 4): the opening balance, every invoice
   * issued and payment received in it, oldest first, each with the balance after it, and the
   * closing balance. In cents while adding up, in dollars as answered.
   */
  async function accountOver(
    companyId: string,
    period: StatementQuery,
    at: Date,
  ): Promise<AccountStatement> {
    const today = at.toISOString().slice(0, 10);
    const to = period.to ?? (period.from && period.from > today ? period.from : today);
    const from =
      period.from ??
      new Date(Date.parse(`${to}T00:00:00Z`) - (STATEMENT_DEFAULT_DAYS - 1) * DAY_MS)
        .toISOString()
        .slice(0, 10);
    const until = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS).toISOString();
    const ledger = await accounts.ledger(companyId, `${from}T00:00:00.000Z`, until);
    const rows = [
      ...ledger.invoices.map((invoice) => {
        const paidAtOnce = invoice.invoice_terms_days === null;
        const total = Number(invoice.price_cents);
        const due = Number(invoice.invoice_amount_due_cents ?? 0);
        return {
          // Selected where the invoice number (issued with its date) is set.
          at: toIso(invoice.invoice_issued_at ?? new Date(0)),
          order: 0,
          entry: {
            kind: 'invoice' as const,
            orderId: invoice.id,
            orderNumber: formatOrderNumber(invoice.number),
            invoiceNumber: invoice.invoice_number ?? '',
            reference: paidAtOnce ? invoice.transaction_id : invoice.po_number,
            paidAtOnce,
            status: paidAtOnce || due === 0 ? ('paid' as const) : ('open' as const),
          },
          chargeCents: total,
          paymentCents: paidAtOnce ? total : 0,
        };
      }),
      ...ledger.payments.map((payment) => ({
        at: toIso(payment.received_at),
        order: 1,
        entry: {
          kind: 'payment' as const,
          orderId: payment.order_id,
          orderNumber: formatOrderNumber(payment.number),
          invoiceNumber: payment.invoice_number ?? '',
          reference: payment.reference,
          paidAtOnce: false,
          status: null,
        },
        chargeCents: 0,
        paymentCents: Number(payment.amount_cents),
      })),
    ].sort((a, b) => {
      // By day; on a day, invoices before the payments received against them, then by time.
      const [dayA, dayB] = [a.at.slice(0, 10), b.at.slice(0, 10)];
      if (dayA !== dayB) return dayA < dayB ? -1 : 1;
      if (a.order !== b.order) return a.order - b.order;
      return a.at === b.at ? 0 : a.at < b.at ? -1 : 1;
    });
    let balanceCents = ledger.openingCents;
    const entries = rows.map((row) => {
      balanceCents += row.chargeCents - row.paymentCents;
      return {
        ...row.entry,
        at: row.at,
        charge: row.chargeCents / 100,
        payment: row.paymentCents / 100,
        balance: balanceCents / 100,
      };
    });
    return {
      from,
      to,
      openingBalance: ledger.openingCents / 100,
      closingBalance: balanceCents / 100,
      entries,
    };
  }

  const refusalOf = (reason: CreditRefusal, priceCents: number, account?: AccountRow): AppError => {
    if (reason === 'no-terms') return noTerms();
    if (reason === 'hold') return new AppError('credit_hold', onAccountMessages.creditHold);
    // The same code (the web app knows it), its own words: no invoice is overdue.
    if (reason === 'manual-hold') {
      return new AppError('credit_hold', onAccountMessages.creditHoldByShop);
    }
    const available = account ? accountView(account).availableCredit : 0;
    return new AppError(
      'credit_limit_exceeded',
      onAccountMessages.creditLimitExceeded(priceCents / 100, available),
    );
  };

  /**
   * The credit step of an invoicing transaction (the orders module runs it after claiming the
   * order): the company's credit taken in one conditional UPDATE, then, for a buyer's own order
   * that was not approved, their monthly limit (`monthlyLimitCents`; null: none). The one place
   * an order is charged to the account, whether paid by invoice on the payment page, placed on
   * account, or invoiced at its approval (ux 2026-11-28 #14).
   */
  function creditStep(companyId: string, monthlyLimitCents: number | null): ReserveCredit {
    return async (trx, claimed) => {
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
    };
  }

  /** The coded error of a refused credit step (the company's account as it is now). */
  async function creditRefusal(
    reason: string,
    priceCents: number,
    companyId: string,
    monthlyLimitCents: number | null,
  ): Promise<AppError> {
    if (reason === 'monthly-limit') {
      return new AppError(
        'monthly_limit_exceeded',
        companyMessages.monthlyLimitExceeded((monthlyLimitCents ?? 0) / 100),
      );
    }
    return refusalOf(reason as CreditRefusal, priceCents, await accounts.account(companyId));
  }

  return {
    accountView,
    creditStep,
    creditRefusal,

    /** `PUT /api/companies/{id}/terms` (shop admins). */
    async setTerms(companyId: string, terms: ValidTermsInput) {
      await accountOrNotFound(companyId);
      const row = await accounts.setTerms(
        companyId,
        terms ? { days: terms.days, creditLimitCents: cents(terms.creditLimit) } : null,
      );
      if (!row) throw companyNotFound();
      // Terms granted while the invoices cannot say where to pay: granted, and said (ux #13).
      const warnings = terms && !bankDetails ? [onAccountMessages.noBankDetailsWarning] : [];
      return { modifiedCount: 1, company: accountView(row), warnings };
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
        !mayApprove(membership.role) &&
        row.user_id === caller.id &&
        row.approval_status === 'not_required'
          ? membership.monthlyLimitCents
          : null;
      const result = await orders.invoiceOnAccount(
        orderId,
        companyId,
        creditStep(companyId, monthlyLimitCents),
      );
      if (result.kind === 'not-payable') {
        throw result.order ? notPayableRefusal(result.order) : orderNotFound();
      }
      if (result.kind === 'refused') {
        throw await creditRefusal(result.reason, row.price_cents, companyId, monthlyLimitCents);
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

    /**
     * `GET /api/companies/{id}/statement`: the company's members and shop admins. The open
     * invoices, and the account over the period (issue 33 point 4): `from`/`to` calendar days
     * (UTC, both included), the last STATEMENT_DEFAULT_DAYS days without them.
     */
    async statement(
      caller: CurrentUser,
      companyId: string,
      period: StatementQuery = {},
    ): Promise<Statement> {
      const account = await accountOrNotFound(companyId);
      if (caller.role !== 'admin') {
        const membership = await membershipOf(caller.id);
        if (membership?.companyId !== companyId) {
          throw new AppError('forbidden', companyMessages.notCompanyMember);
        }
      }
      const at = now();
      const open = await accounts.openInvoices(companyId);
      const ledger = await accountOver(companyId, period, at);
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
        account: ledger,
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
