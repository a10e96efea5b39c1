import {
  type AdminOrderListQuery,
  canApply,
  type CompanyOrderListQuery,
  companyMessages,
  mayApprove,
  type CancelReason,
  ID_PATTERN,
  messages,
  onAccountMessages,
  orderHoldMessages,
  orderLimitMessages,
  orderRefusalMessages,
  refusalOf,
  type Order,
  type OrderAction,
  type OrderCreate,
  type ShipInput,
  type ValidMarkPaidInput,
  type ValidOrdersCreate,
} from '@shop/shared';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CurrentUser } from '../../auth/guard.js';
import { listWindow } from '../../db/list-queries.js';
import { toIso } from '../../db/time.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Membership } from '../companies/companies.repository.js';
import { mayAccessOrder, needsMembership, type OrderPurpose } from './order-access.js';
import { toOrder } from './order-view.js';
import type { ReserveCredit } from './order-transitions.repository.js';
import {
  MAX_ORDER_CENTS,
  type ListedOrderRow,
  type NewOrder,
  type OrderCharge,
  type OrdersRepository,
  type PlaceRefusal,
} from './orders.repository.js';

const DAY_MS = 86_400_000;
const notFound = () => AppError.notFound('Order');
const forbidden = () => new AppError('forbidden', messages.noPermission);
const gatewayDown = () =>
  new AppError(
    'unavailable',
    'The payment service cannot be reached. Please try again in a minute.',
  );

export interface OrderHoldRules {
  /**
   * ORDER_HOLD_MINUTES: how long an unpaid order holds its stock, and how long after its expiry
   * its products stay out of its customer's reach.
   */
  holdMinutes: number;
  /** MAX_UNPAID_ORDERS: unpaid orders one customer may hold (admins are not limited). */
  maxUnpaidOrders: number;
  /** MAX_UNPAID_VALUE in cents: what they may be worth together (admins are not limited). */
  maxUnpaidCents: number;
  /** SHOP_ORDERS_EMAIL: the shop's address for a mail of each new order; none when unset. */
  shopEmail?: string | undefined;
  /**
   * APPROVAL_HOLD_MINUTES: how long an order awaiting a company admin's approval holds its
   * stock from placing (DESIGN.md section 12); `holdMinutes` when not given.
   */
  approvalHoldMinutes?: number | undefined;
  /** MAX_AWAITING_APPROVAL_ORDERS: one buyer's orders awaiting approval at once. */
  maxAwaitingApproval?: number | undefined;
  /**
   * MAX_AWAITING_APPROVAL_VALUE in cents: what one buyer's orders awaiting approval may be worth
   * together, and one company's (security 2026-11-28 #1).
   */
  maxAwaitingApprovalCents?: number | undefined;
  /**
   * Whether an order that would await approval needs an admin of the company with a confirmed
   * email (ORDER_REQUIRES_CONFIRMED_EMAIL, security 2026-11-28 #1).
   */
  requireConfirmedApprover?: boolean | undefined;
}

/** What orders read of companies (DESIGN.md section 12): the caller's membership, the approvers. */
export interface CompanyLookup {
  membershipOf(userId: string): Promise<Membership | undefined>;
  /** The admins of a company, each mailed when an order awaits their approval. */
  approversOf(companyId: string): Promise<{ email: string; name: string }[]>;
  /**
   * Whether the company pays on account (DESIGN.md sections 11 and 13): its members' unpaid
   * orders are not held to MAX_UNPAID_VALUE (its credit limit holds what it may owe).
   */
  hasPaymentTerms?(companyId: string): Promise<boolean>;
  /** Whether at least one admin of the company has confirmed their email (security 2026-11-28 #1). */
  hasConfirmedAdmin?(companyId: string): Promise<boolean>;
  /**
   * Whom the company's invoices are made out to (ux 2026-11-28 #2): its name, VAT id and billing
   * address as My Company has them now; undefined when the company is gone.
   */
  billingOf?(companyId: string): Promise<CompanyBilling | undefined>;
}

/** A company's invoice details, as a member's order keeps them. */
export interface CompanyBilling {
  name: string;
  vatId: string | null;
  billingAddress: string;
}

/**
 * The billing details a member's order keeps (ux 2026-11-28 #2): the company's, whatever the
 * request said, so that an invoice is made out to the buyer's own company and no client can bill
 * another (as an `orderPrice` sent is ignored, DESIGN.md section 4). Outside a company: the
 * request's own, as given at checkout.
 */
export function billingForOrder(
  given: Pick<NewOrder, 'billingCompany' | 'billingVatNumber' | 'billingAddress'>,
  company: CompanyBilling | undefined,
): Pick<NewOrder, 'billingCompany' | 'billingVatNumber' | 'billingAddress'> {
  if (!company) return given;
  return {
    billingCompany: company.name,
    billingVatNumber: company.vatId ?? undefined,
    billingAddress: company.billingAddress,
  };
}

/**
 * Paying on account's credit step, given by the composition root (app.ts: the on-account
 * service), so that placing on account and approving an order placed on account charge the
 * account by the same rules as 'Pay by invoice' (ux 2026-11-28 #14).
 */
export interface OnAccountCredit {
  /** The step that takes the company's credit for a claimed order (and a buyer's monthly limit). */
  creditStep(companyId: string, monthlyLimitCents: number | null): ReserveCredit;
  /** The coded error of a refused step, in the words 'Pay by invoice' uses. */
  creditRefusal(
    reason: string,
    priceCents: number,
    companyId: string,
    monthlyLimitCents: number | null,
  ): Promise<AppError>;
}

const noPaymentTerms = () => new AppError('no_payment_terms', onAccountMessages.noPaymentTerms);

/** The unpaid value a member of a company with terms may hold: no limit that any order reaches. */
const NO_UNPAID_VALUE_LIMIT_CENTS = 1_000_000_000_000_000;

const noCompanies: CompanyLookup = {
  membershipOf: () => Promise.resolve(undefined),
  approversOf: () => Promise.resolve([]),
};

/**
 * What the orders module asks of payments, given by the composition root (app.ts: the payment
 * flow), so that orders never imports payments.
 */
export interface OrderIntents {
  /**
   * Cancels at the gateway every intent of this order that could still be charged; a charge
   * found there is accounted for (it pays the order, or flags a refund). Answers whether such a
   * charge was found; throws when the gateway cannot be reached.
   */
  cancelOpen(orderId: string): Promise<boolean>;
}

export interface OrdersServiceDeps {
  orders: OrdersRepository;
  intents: OrderIntents;
  log: FastifyBaseLogger;
  rules: OrderHoldRules;
  /** Companies' memberships (app.ts: the companies repository); none when not given. */
  companies?: CompanyLookup;
  /** Paying on account's credit step (app.ts); without it, no order is placed on account. */
  credit?: OnAccountCredit;
  /** The clock orders are placed by; tests move it forward (a cooldown's end). */
  now?: () => Date;
}

/** Why an order was cancelled, for the customer's mail (now in packages/shared). */
export type { CancelReason };

/** Where a refusal is named in `fields`: `orderQty` on `POST /api/order`, `lines.2.quantity` here. */
export type FieldOf = (line: number, field: 'productId' | 'quantity') => string;
const singleLineField: FieldOf = (_line, field) =>
  field === 'productId' ? 'orderProduct' : 'orderQty';
export const lineField: FieldOf = (line, field) => `lines.${line}.${field}`;

const productNotFound = 'Product not found';

/** The coded error a refused order answers with, the refused line named in `fields`. */
export function refusedOrder(refusal: PlaceRefusal, fieldOf: FieldOf): AppError {
  switch (refusal.kind) {
    case 'no-product':
      return new AppError('not_found', productNotFound, {
        [fieldOf(refusal.line, 'productId')]: productNotFound,
      });
    case 'quantity':
      // Stock is a state that changes under the customer's feet: out_of_stock is a 409.
      return new AppError(refusal.issue.code, refusal.issue.message, {
        [fieldOf(refusal.line, 'quantity')]: refusal.issue.message,
      });
    case 'too-expensive':
      return new AppError(
        'validation_failed',
        `One order can total at most $${(MAX_ORDER_CENTS / 100).toLocaleString('en-US')}; please split it or contact us.`,
        { [fieldOf(refusal.line, 'quantity')]: 'Quantity is too large for one order' },
      );
    case 'too-many-unpaid':
      return new AppError(
        'too_many_unpaid_orders',
        orderHoldMessages.tooManyUnpaidOrders(refusal.max),
      );
    case 'unpaid-value-exceeded':
      return new AppError(
        'unpaid_value_exceeded',
        orderLimitMessages.unpaidValueExceeded(refusal.maxCents / 100),
      );
    case 'too-many-awaiting':
      return new AppError(
        'too_many_awaiting_approval',
        companyMessages.tooManyAwaitingApproval(refusal.max),
      );
    case 'awaiting-value-exceeded':
      return new AppError(
        'awaiting_approval_value_exceeded',
        companyMessages.awaitingApprovalValueExceeded(refusal.scope, refusal.maxCents / 100),
      );
    case 'approver-unconfirmed':
      return new AppError('company_admin_unconfirmed', companyMessages.companyAdminUnconfirmed);
    case 'hold-cooldown':
      return new AppError(
        'hold_cooldown',
        orderLimitMessages.holdCooldown(refusal.productName, refusal.until),
        {
          [fieldOf(refusal.line, 'productId')]: orderLimitMessages.holdCooldownLine(refusal.until),
        },
      );
  }
}

/**
 * Why `action` cannot be applied to the order as it is now: the state table's refusal
 * (@shop/shared `refusalOf`, the one place refusals are written). An order whose state allows
 * the action, yet whose UPDATE changed nothing, changed in between: a conflict.
 */
export function refusedAction(action: OrderAction, row: OrderRow): AppError {
  const refusal = refusalOf(action, row);
  return refusal
    ? AppError.refused(refusal)
    : new AppError('conflict', orderRefusalMessages.changedMeanwhile);
}

export function createOrdersService({
  orders,
  intents,
  log,
  rules,
  companies = noCompanies,
  credit,
  now = () => new Date(),
}: OrdersServiceDeps) {
  /**
   * The order, if the caller may use it for `purpose` (order-access.ts, the one rule: its buyer,
   * a member of its company, a shop admin); 404 when it does not exist, 403 otherwise. Every
   * order read, payment, deletion and invoice comes through here.
   */
  async function visibleOrder(
    caller: CurrentUser,
    id: string,
    purpose: OrderPurpose = 'read',
  ): Promise<OrderRow> {
    const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
    if (!row) throw notFound();
    const membership = needsMembership(caller, row)
      ? await companies.membershipOf(caller.id)
      : undefined;
    if (!mayAccessOrder(purpose, caller, row, membership)) {
      // One who may see the order is told why they may not do this with it.
      if (purpose === 'read' || !mayAccessOrder('read', caller, row, membership)) throw forbidden();
      throw new AppError(
        'forbidden',
        purpose === 'pay' ? companyMessages.payNotAllowed : companyMessages.deleteNotAllowed,
      );
    }
    return row;
  }

  /**
   * The caller's membership if they decide on `companyId`'s approvals (an admin or an approver,
   * ux 2026-11-28 #7); otherwise a 403.
   */
  async function companyApprover(
    caller: CurrentUser,
    companyId: string | null,
  ): Promise<Membership> {
    const membership = await companies.membershipOf(caller.id);
    if (!membership || membership.companyId !== companyId || !mayApprove(membership.role)) {
      throw new AppError('forbidden', companyMessages.notCompanyApprover);
    }
    return membership;
  }

  /**
   * What follows a committed cancellation: the order's intents are cancelled at the gateway (the
   * cancellation mail was written with the cancellation). A gateway failure is logged; a payment
   * that still arrives later is handled as a late confirmation (DESIGN.md section 11).
   */
  async function afterCancel(cancelled: readonly OrderRow[]): Promise<void> {
    for (const order of cancelled) {
      try {
        await intents.cancelOpen(order.id);
      } catch (error) {
        log.warn({ err: error, orderId: order.id }, 'intents of a cancelled order not cancelled');
      }
    }
  }

  /**
   * Mark Paid's bank transfer (ux 2026-11-28 #15), checked against the order as Record payment
   * checks a payment against its invoice: the whole total (a 400 on `amount` otherwise), received
   * neither in the future nor before the day the order was placed (a 400 on `receivedAt`).
   */
  function checkedTransfer(
    row: OrderRow,
    transfer: ValidMarkPaidInput,
  ): { reference: string; receivedAt: string } {
    if (Math.round(transfer.amount * 100) !== row.price_cents) {
      const message = onAccountMessages.amountNotOrderTotal(row.price_cents / 100);
      throw new AppError('validation_failed', message, { amount: message });
    }
    const receivedAt = new Date(transfer.receivedAt);
    // A date alone is that day (UTC); any moment of today is fine.
    if (receivedAt.getTime() > now().getTime() + DAY_MS) {
      throw new AppError('validation_failed', onAccountMessages.receivedInFuture, {
        receivedAt: onAccountMessages.receivedInFuture,
      });
    }
    const placedDay = toIso(row.created_at).slice(0, 10);
    if (receivedAt.getTime() < Date.parse(`${placedDay}T00:00:00.000Z`)) {
      const message = onAccountMessages.receivedBeforeOrder(placedDay);
      throw new AppError('validation_failed', message, { receivedAt: message });
    }
    return { reference: transfer.reference, receivedAt: receivedAt.toISOString() };
  }

  /** Orders in the API's shape, their lines read in one query. */
  async function present(rows: readonly OrderRow[]): Promise<Order[]> {
    const lines = await orders.linesOf(rows.map((row) => row.id));
    return rows.map((row) => toOrder(row, lines.get(row.id) ?? []));
  }
  const presentOne = async (row: OrderRow): Promise<Order> => (await present([row]))[0] as Order;
  /** A list's orders with their company's name (ux 2026-11-28 #11). */
  async function presentListed(rows: readonly ListedOrderRow[]): Promise<Order[]> {
    const shown = await present(rows);
    return shown.map((order, index) => ({
      ...order,
      companyName: rows[index]?.company_name ?? null,
    }));
  }

  /** Places an order of one or more lines; every refusal is a coded error naming its line. */
  async function placeOrder(
    caller: CurrentUser,
    order: Pick<
      NewOrder,
      | 'lines'
      | 'phone'
      | 'address'
      | 'poNumber'
      | 'billingCompany'
      | 'billingVatNumber'
      | 'billingAddress'
      | 'paymentMethod'
    >,
    idempotency: { tag: string; since: string } | undefined,
    fieldOf: FieldOf,
  ): Promise<{ insertedId: string; order: Order }> {
    const malformed = order.lines.flatMap((line, index) =>
      ID_PATTERN.test(line.productId) ? [] : [[fieldOf(index, 'productId'), productNotFound]],
    );
    if (malformed.length > 0) {
      throw new AppError('not_found', productNotFound, Object.fromEntries(malformed));
    }
    // A member orders for their company (DESIGN.md section 12): a buyer's limit decides whether
    // the order waits for an admin's approval; a company admin's limit is ignored.
    const membership = await companies.membershipOf(caller.id);
    // On account (ux 2026-11-28 #14): only a member of a company with payment terms.
    const onAccount = order.paymentMethod === 'on_account';
    const hasTerms =
      membership !== undefined && (await companies.hasPaymentTerms?.(membership.companyId));
    if (onAccount && (!membership || !hasTerms || !credit)) throw noPaymentTerms();
    // Whose limits decide nothing: those who approve (a company admin, an approver, #7).
    const approves = membership !== undefined && mayApprove(membership.role);
    // A buyer whose order may await approval: a limit per order or per month (#7).
    const limited =
      membership !== undefined &&
      !approves &&
      (membership.orderLimitCents !== null || membership.monthlyLimitCents !== null);
    const company = membership && {
      companyId: membership.companyId,
      orderLimitCents: approves ? null : membership.orderLimitCents,
      monthlyLimitCents: approves ? null : membership.monthlyLimitCents,
      approvers: limited ? await companies.approversOf(membership.companyId) : [],
      // Shop admins are not held to it; a company of unconfirmed accounts is (#1).
      approverConfirmed:
        limited &&
        rules.requireConfirmedApprover &&
        caller.role !== 'admin' &&
        companies.hasConfirmedAdmin
          ? await companies.hasConfirmedAdmin(membership.companyId)
          : undefined,
    };
    const billing = billingForOrder(
      order,
      membership ? await companies.billingOf?.(membership.companyId) : undefined,
    );
    const newOrder = {
      ...order,
      ...billing,
      userId: caller.id,
      userEmail: caller.email,
      userName: caller.displayName,
      idempotency,
      company,
    };
    const placeRules = {
      holdMinutes: rules.holdMinutes,
      approvalHoldMinutes: rules.approvalHoldMinutes,
      maxAwaitingApproval: rules.maxAwaitingApproval,
      // Shop admins are not limited (as by the unpaid limits).
      maxAwaitingApprovalCents:
        caller.role === 'admin' ? undefined : rules.maxAwaitingApprovalCents,
      limits:
        caller.role === 'admin'
          ? undefined
          : {
              maxUnpaid: rules.maxUnpaidOrders,
              maxUnpaidCents: hasTerms ? NO_UNPAID_VALUE_LIMIT_CENTS : rules.maxUnpaidCents,
            },
      now: now().toISOString(),
      shopEmail: rules.shopEmail,
    };
    let result;
    if (onAccount && membership && credit) {
      // Invoiced in the placing transaction, by 'Pay by invoice''s credit step; an order that
      // awaits approval is invoiced when approved. A buyer's own order counts on their monthly
      // limit, as when they pay it by invoice.
      const monthlyLimitCents = approves ? null : membership.monthlyLimitCents;
      let priceCents = 0;
      const step = credit.creditStep(membership.companyId, monthlyLimitCents);
      const placed = await orders.placeOnAccount(
        { ...newOrder, paymentMethod: 'on_account' },
        placeRules,
        membership.companyId,
        (trx, claimed) => {
          priceCents = claimed.price_cents;
          return step(trx, claimed);
        },
      );
      if (placed.kind === 'credit-refused') {
        throw await credit.creditRefusal(
          placed.reason,
          priceCents,
          membership.companyId,
          monthlyLimitCents,
        );
      }
      result = placed;
    } else {
      result = await orders.place({ ...newOrder, paymentMethod: 'card' }, placeRules);
    }
    if (result.kind !== 'placed') throw refusedOrder(result, fieldOf);
    return {
      insertedId: result.order.id,
      // The lines are read back (not taken from what was inserted): the database fills each
      // line's SKU as it stores it (migration 0017), and a retry's order was placed before.
      order: await presentOne(result.order),
    };
  }

  /**
   * The order of an accepted quote (DESIGN.md section 14), placed for the quote's `buyer` in one
   * transaction with the quote's own steps: `claim` (its conditional update, which answers the
   * offered lines or throws to refuse) runs first, then the placement by the same rules as any
   * order (placeWith: the stock taken all or nothing, never below it; the minimum and pack size
   * not asked, the offer's unit prices kept), then `settle` (the quote records its order). A
   * refusal names its line (`lines.N.quantity`) and rolls back the claim too.
   * - The buyer's company and approval as for any member order: a buyer over their order limit
   *   waits for a company admin's approval (the same money), unless the one accepting is an
   *   admin of the buyer's company (they are the approver) or the buyer is one.
   * - MAX_UNPAID_ORDERS/VALUE count the order but do not refuse it (as an admin's order): a shop
   *   admin chose its quantities and total; it still holds its stock for ORDER_HOLD_MINUTES.
   */
  async function placeOffer(
    buyer: { id: string; email: string; name: string },
    acceptedBy: CurrentUser,
    details: { phone: string; address: string; poNumber?: string | undefined },
    claim: (trx: Transaction<Database>) => Promise<{
      lines: readonly { productId: string; quantity: number; unitCents: number }[];
      /** The offer's lines that are no product (a setup or tooling fee). */
      charges: readonly OrderCharge[];
    }>,
    settle: (trx: Transaction<Database>, orderId: string) => Promise<void>,
  ): Promise<{ insertedId: string; order: Order }> {
    const membership = await companies.membershipOf(buyer.id);
    const accepterMembership =
      acceptedBy.id === buyer.id ? membership : await companies.membershipOf(acceptedBy.id);
    const approvedByAdmin =
      (membership !== undefined && mayApprove(membership.role)) ||
      (accepterMembership !== undefined &&
        mayApprove(accepterMembership.role) &&
        accepterMembership.companyId === membership?.companyId);
    const company = membership && {
      companyId: membership.companyId,
      orderLimitCents: approvedByAdmin ? null : membership.orderLimitCents,
      approvers:
        approvedByAdmin || membership.orderLimitCents === null
          ? []
          : await companies.approversOf(membership.companyId),
    };
    // The buyer's company's invoice details, as for any member order (ux 2026-11-28 #2).
    const billing = billingForOrder(
      {},
      membership ? await companies.billingOf?.(membership.companyId) : undefined,
    );
    const result = await orders.placeInTransaction(async (trx, place) => {
      const { lines, charges } = await claim(trx);
      const placed = await place(
        {
          lines: lines.map(({ productId, quantity }) => ({ productId, quantity })),
          offer: { unitCents: lines.map((line) => line.unitCents), charges },
          userId: buyer.id,
          userEmail: buyer.email,
          userName: buyer.name,
          phone: details.phone,
          address: details.address,
          poNumber: details.poNumber,
          ...billing,
          company,
        },
        {
          holdMinutes: rules.holdMinutes,
          approvalHoldMinutes: rules.approvalHoldMinutes,
          maxAwaitingApproval: rules.maxAwaitingApproval,
          limits: undefined,
          now: now().toISOString(),
          shopEmail: rules.shopEmail,
        },
      );
      await settle(trx, placed.order.id);
      return placed.order;
    });
    if (result.kind !== 'done') throw refusedOrder(result, lineField);
    return { insertedId: result.value.id, order: await presentOne(result.value) };
  }

  return {
    visibleOrder,
    afterCancel,
    placeOffer,
    /** Whether the order exists and may still be paid: the test gateway asks before a charge. */
    isPayable: (orderId: string) => orders.isPayable(orderId),
    present,
    presentOne,

    /**
     * `POST /api/order`: the spec's one-product order, the one-line case of `placeLines`; a
     * refusal is named in `fields.orderQty` (or `orderProduct`), as the spec's form reads it.
     * `idempotency`: the request's claimed Idempotency-Key, kept on the order it places.
     */
    place(caller: CurrentUser, input: OrderCreate, idempotency?: { tag: string; since: string }) {
      return placeOrder(
        caller,
        {
          lines: [{ productId: input.orderProduct, quantity: input.orderQty }],
          phone: input.phone,
          address: input.address,
          poNumber: input.poNumber,
          paymentMethod: input.paymentMethod,
        },
        idempotency,
        singleLineField,
      );
    },

    /**
     * `POST /api/orders` (DESIGN.md section 9): several lines, all or nothing; a refused line is
     * named in `fields` as `lines.<index>.quantity` (or `.productId`).
     */
    placeLines(
      caller: CurrentUser,
      input: ValidOrdersCreate,
      idempotency?: { tag: string; since: string },
    ) {
      return placeOrder(
        caller,
        {
          lines: input.lines,
          phone: input.phone,
          address: input.address,
          poNumber: input.poNumber,
          billingCompany: input.billingCompany,
          billingVatNumber: input.billingVatNumber,
          billingAddress: input.billingAddress,
          paymentMethod: input.paymentMethod,
        },
        idempotency,
        lineField,
      );
    },

    /** `GET /api/order?userEmail=`: the user's own orders (an admin may ask for anyone's). */
    /** My Order: the customer's orders, newest first; with `q`, those of that order or PO number. */
    async listFor(caller: CurrentUser, userEmail: string, q?: string): Promise<Order[]> {
      const email = userEmail.toLowerCase();
      if (email !== caller.email && caller.role !== 'admin') throw forbidden();
      return present(await orders.listForEmail(email, q));
    },

    async get(caller: CurrentUser, id: string): Promise<Order> {
      return presentOne(await visibleOrder(caller, id));
    },

    /**
     * Manage Order (admins): every order newest first, or those matching `q`, `status` and
     * `approval`, one page of them with `page` or `limit`, and how many match.
     */
    async listForAdmin({
      q,
      status,
      approval,
      ...page
    }: AdminOrderListQuery): Promise<{ items: Order[]; total: number }> {
      const { rows, total } = await orders.listMatching({ q, status, approval }, listWindow(page));
      return { items: await presentListed(rows), total };
    },

    /**
     * Company orders (DESIGN.md section 12): a company's orders newest first, for its members
     * and shop admins, with the admin list's `q`, `status` and paging, and `approval` (the
     * Approvals list asks `awaiting_approval`).
     */
    async listForCompany(
      caller: CurrentUser,
      companyId: string,
      { q, status, approval, ...page }: CompanyOrderListQuery,
    ): Promise<{ items: Order[]; total: number }> {
      if (caller.role !== 'admin') {
        const membership = await companies.membershipOf(caller.id);
        if (!membership || membership.companyId !== companyId) {
          throw new AppError('forbidden', companyMessages.notCompanyMember);
        }
      }
      const { rows, total } = await orders.listMatching(
        { q, status, approval, companyId },
        listWindow(page),
      );
      return { items: await presentListed(rows), total };
    },

    /**
     * A company admin or approver approves an order of their company awaiting approval; the
     * buyer is mailed. An order to be paid by card becomes payable and keeps its stock for
     * APPROVAL_HOLD_MINUTES from now (ux 2026-11-28 #1: not the checkout's ORDER_HOLD_MINUTES);
     * one placed on account is invoiced at once, the credit checked now (#14): credit short, the
     * approval is refused with the credit's message and nothing changes. 403 for anyone else
     * (shop admins included), 409 when it was decided already (or expired meanwhile).
     */
    async approve(caller: CurrentUser, id: string) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      await companyApprover(caller, row.company_id);
      const at = now();
      const companyId = row.company_id ?? '';
      const onAccount = row.payment_method === 'on_account';
      if (onAccount && !credit) throw noPaymentTerms();
      const decided = await orders.approve(
        id,
        {
          by: { userId: caller.id, name: caller.displayName },
          at: at.toISOString(),
          expiresAt: new Date(
            at.getTime() + (rules.approvalHoldMinutes ?? rules.holdMinutes) * 60_000,
          ).toISOString(),
        },
        // An approved order is not held to the buyer's monthly limit: the approval is its say.
        onAccount && credit
          ? { companyId, reserve: credit.creditStep(companyId, null) }
          : undefined,
      );
      if ('creditRefused' in decided && credit) {
        throw await credit.creditRefusal(decided.creditRefused, row.price_cents, companyId, null);
      }
      const { changed, order } = decided;
      if (!changed || !order) throw order ? refusedAction('approve', order) : notFound();
      return { modifiedCount: 1, order: await presentOne(order) };
    },

    /**
     * A company admin or approver rejects an order of their company awaiting approval: it is cancelled, its
     * stock returned, and the buyer mailed with the reason.
     */
    async reject(caller: CurrentUser, id: string, reason: string) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      await companyApprover(caller, row.company_id);
      const at = now();
      const { changed, order } = await orders.reject(id, {
        by: { userId: caller.id, name: caller.displayName },
        at: at.toISOString(),
        reason,
        // Its products cool down for the buyer as an expired order's do (security 2026-11-28
        // #1): rejecting and placing again does not renew the hold.
        cooldownUntil: new Date(at.getTime() + rules.holdMinutes * 60_000).toISOString(),
      });
      if (!changed || !order) throw order ? refusedAction('reject', order) : notFound();
      await afterCancel([order]);
      return { modifiedCount: 1, order: await presentOne(order) };
    },

    /**
     * An admin marks an order paid by hand (cash, bank transfer): its transaction id is ours.
     * The customer's open card payments are cancelled first, so the card is not charged too;
     * if the card was charged meanwhile, that payment counts and the admin is told.
     */
    async markPaidByAdmin(id: string, transfer?: ValidMarkPaidInput | null) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      if (!canApply('markPaid', row)) throw refusedAction('markPaid', row);
      const received = transfer ? checkedTransfer(row, transfer) : undefined;
      const chargedMeanwhile = await intents.cancelOpen(id).catch(() => {
        throw gatewayDown();
      });
      if (chargedMeanwhile) throw new AppError('conflict', orderHoldMessages.paidByCardMeanwhile);
      // With the transfer's details its reference is the transaction id (the invoice prints
      // it); without (the spec's call) a transaction id of our own (docs/decisions).
      const { changed, order } = await orders.markPaid(
        id,
        received?.reference ?? `manual_${randomBytes(8).toString('hex')}`,
        undefined,
        received?.receivedAt,
      );
      if (!changed || !order) throw order ? refusedAction('markPaid', order) : notFound();
      // An intent made while this ran: cancelled too (a charge there is flagged for a refund).
      await intents
        .cancelOpen(id)
        .catch((error: unknown) =>
          log.warn({ err: error, orderId: id }, 'intents of an order paid by hand not cancelled'),
        );
      return { modifiedCount: 1, order: await presentOne((await orders.findById(id)) ?? order) };
    },

    /**
     * Ships a paid order (admins), with its carrier and tracking number when given (both or
     * neither: the shared schema checks it); the customer's mail is written with it.
     */
    async ship(id: string, input?: ShipInput | null) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      if (!canApply('ship', row)) throw refusedAction('ship', row);
      const shipment =
        input?.carrier && input.trackingNumber
          ? { carrier: input.carrier, trackingNumber: input.trackingNumber }
          : undefined;
      const { changed, order } = await orders.ship(id, shipment);
      if (!changed || !order) throw order ? refusedAction('ship', order) : notFound();
      return { modifiedCount: 1, order: await presentOne(order) };
    },

    /**
     * Corrects a shipped order's carrier and tracking number (admins): both, or neither to
     * remove them. Shipping itself stays one-way; no mail is sent again (the order page and the
     * tracking link show the correction; docs/decisions/2026-11-26-carrier-list.md).
     */
    async editShipment(id: string, input: ShipInput) {
      const row = ID_PATTERN.test(id) ? await orders.findById(id) : undefined;
      if (!row) throw notFound();
      if (!canApply('editShipment', row)) throw refusedAction('editShipment', row);
      const shipment =
        input.carrier && input.trackingNumber
          ? { carrier: input.carrier, trackingNumber: input.trackingNumber }
          : undefined;
      const order = await orders.editShipment(id, shipment);
      if (!order) {
        const current = await orders.findById(id);
        throw current ? refusedAction('editShipment', current) : notFound();
      }
      return { modifiedCount: 1, order: await presentOne(order) };
    },

    /**
     * Deletes an unpaid order (its owner or an admin). Its open card payments are cancelled
     * first, so none can be charged for an order that no longer exists; a card charged meanwhile
     * pays the order instead, and the order stays.
     */
    async delete(caller: CurrentUser, id: string) {
      const row = await visibleOrder(caller, id, 'delete');
      if (!canApply('delete', row)) throw refusedAction('delete', row);
      const chargedMeanwhile = await intents.cancelOpen(id).catch(() => {
        throw gatewayDown();
      });
      if (chargedMeanwhile) throw new AppError('order_already_paid', messages.orderAlreadyPaid);
      if (!(await orders.delete(id))) throw new AppError('conflict', messages.orderNotPending);
      // An intent made while this ran: cancelled too (a charge there is logged for a refund).
      await intents
        .cancelOpen(id)
        .catch((error: unknown) =>
          log.warn({ err: error, orderId: id }, 'intents of a deleted order not cancelled'),
        );
      return { deletedCount: 1 };
    },

    /**
     * Cancels every unpaid order whose hold ran out by `at`; each one exactly once, whichever
     * instance gets there first. Its products then cool down for its customer for another
     * ORDER_HOLD_MINUTES; cooldowns that ended are forgotten. Answers how many this call
     * cancelled.
     */
    async expireDue(at: Date = now(), batch = 100): Promise<number> {
      const by = at.toISOString();
      const cooldownUntil = new Date(at.getTime() + rules.holdMinutes * 60_000).toISOString();
      await orders.purgeCooldowns(by);
      let count = 0;
      for (;;) {
        const due = await orders.dueForExpiry(by, batch);
        const cancelled: OrderRow[] = [];
        for (const id of due) {
          const order = await orders.expire(id, { by, cooldownUntil });
          if (order) cancelled.push(order);
        }
        count += cancelled.length;
        await afterCancel(cancelled);
        if (due.length < batch) return count;
      }
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
