import type {
  ApprovalStatus,
  PaymentMethod,
  CompanyRole,
  OrderStatus,
  PaymentStatus,
  ProductCategory,
} from '@shop/shared';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Times are ISO strings when written; PostgreSQL reads them back as Date, SQLite as text.
 * Repositories turn both into ISO strings with `toIso`.
 */
export type Timestamp = ColumnType<Date | string, string, string>;

export interface ProductsTable {
  id: string;
  name: string;
  description: string;
  img_url: string;
  price_cents: number;
  aqty: number;
  minquantity: number;
  /** Set when a product with orders is deleted: gone from the catalog, kept for its orders. */
  archived_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** DESIGN.md section 9 (migration 0009): one of PRODUCT_CATEGORIES. */
  category: ColumnType<ProductCategory, ProductCategory | undefined, ProductCategory>;
  sku: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON `[{name, value}]`. */
  specs: ColumnType<string, string | undefined, string>;
  /** Pack size: order quantities and the minimum are multiples of it. */
  increment: ColumnType<number, number | undefined, number>;
  /** JSON `[{minQty, priceCents}]`, ascending minQty, descending price. */
  price_breaks: ColumnType<string, string | undefined, string>;
  /** Migration 0018: `productSearchText` of the product, what a search looks in. */
  search_text: ColumnType<string, string | undefined, string>;
  /** Migration 0018: the folded name, which ranks a name match above a passing mention. */
  search_name: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReviewsTable {
  id: string;
  user_id: string | null;
  rating: number;
  review: string;
  reviewer: string;
  created_at: Timestamp;
}

export interface UsersTable {
  id: string;
  email: string;
  uid: string | null;
  display_name: string;
  provider_id: string;
  role: 'admin' | 'user';
  location: string | null;
  education: string | null;
  phone: string | null;
  linkedin: string | null;
  company: string | null;
  vat_number: string | null;
  /** Several lines, separated by \n. */
  shipping_address: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrdersTable {
  id: string;
  /**
   * Migration 0016: the number people read as `CF-10001` (`formatOrderNumber`); the database
   * assigns it (PostgreSQL's sequence default, SQLite's trigger), so inserts leave it out.
   */
  number: ColumnType<number, never, never>;
  product_id: string | null;
  product_name: string;
  user_id: string;
  user_email: string;
  user_name: string;
  phone: string;
  address: string;
  quantity: number;
  unit_price_cents: number;
  price_cents: number;
  payment_status: PaymentStatus;
  order_status: OrderStatus;
  transaction_id: string | null;
  /** While unpaid: when the order is cancelled and its stock returned (DESIGN.md section 11). */
  expires_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Paid after its cancellation with the stock gone: the money must go back. 0/1 on SQLite. */
  refund_needed: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** The `Idempotency-Key` the order was placed with (migration 0008), if any. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0009: the buyer's purchase order number, and when it was paid and shipped. */
  po_number: NullableText;
  paid_at: NullableTime;
  shipped_at: NullableTime;
  carrier: NullableText;
  tracking_number: NullableText;
  /**
   * Migration 0017: whom the invoice is made out to (given at checkout; a null address is the
   * shipping address), and the invoice once issued (in the transaction that marks it paid).
   */
  billing_company: NullableText;
  billing_vat_number: NullableText;
  billing_address: NullableText;
  invoice_number: NullableText;
  invoice_issued_at: NullableTime;
  invoice_due_at: NullableTime;
  invoice_amount_due_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * Migration 0019 (DESIGN.md section 12): the company of the member who placed it and who that
   * was (their name as it was then); the approval of an order over a buyer's limit and the
   * decision (when, by whom, a rejection's reason).
   */
  company_id: NullableText;
  placed_by_user_id: NullableText;
  placed_by_name: NullableText;
  approval_status: ColumnType<ApprovalStatus, ApprovalStatus | undefined, ApprovalStatus>;
  approval_decided_at: NullableTime;
  approval_decided_by: NullableText;
  approval_decided_by_name: NullableText;
  rejection_reason: NullableText;
  /** Migration 0028 (ux 2026-11-28 #14): how the buyer chose to pay when placing. */
  payment_method: ColumnType<PaymentMethod, PaymentMethod | undefined, PaymentMethod>;
  /**
   * Migration 0020 (paying on account, DESIGN.md section 13): the terms and the company as they
   * were when the invoice was issued on account; null for an order paid at once.
   */
  invoice_terms_days: ColumnType<number | null, number | null | undefined, number | null>;
  invoice_company_name: NullableText;
  invoice_company_vat_id: NullableText;
  /**
   * Migration 0030: when the bank transfer an admin marked the order paid with was received
   * (its reference is `transaction_id`); null otherwise.
   */
  payment_received_at: NullableTime;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0019: a company that buys (DESIGN.md section 12). */
export interface CompaniesTable {
  id: string;
  name: string;
  vat_id: string | null;
  billing_address: string;
  /** Section 13's credit hold; 0/1 on SQLite. */
  on_hold: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /**
   * Migration 0020 (paying on account, DESIGN.md section 13): the terms (null: none), the open
   * invoices' amounts due together (cents; PostgreSQL's integer reads as a number), why it is on
   * hold ('admin' or 'overdue'), and the moment before which overdue invoices no longer put it
   * on hold (a shop admin lifted an automatic hold).
   */
  terms_days: ColumnType<number | null, number | null | undefined, number | null>;
  credit_limit_cents: ColumnType<number | null, number | null | undefined, number | null>;
  balance_cents: ColumnType<number, number | undefined, number>;
  hold_reason: NullableText;
  hold_waived_before: NullableTime;
  /** Migration 0035 (ux 2026-11-28 #34): the reason a shop admin gave for a hold set by hand. */
  hold_note: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Migration 0019: a user's place in their one company. */
export interface CompanyMembersTable {
  /** The primary key: one company per user. */
  user_id: string;
  company_id: string;
  role: CompanyRole;
  /** Null: no limit. PostgreSQL's bigint reads as a string. */
  order_limit_cents: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** Migration 0024: the member's monthly limit (calendar month, UTC); null for none. */
  monthly_limit_cents: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** Migration 0019: an invitation to join a company, usable once until `expires_at`. */
export interface CompanyInvitationsTable {
  id: string;
  company_id: string;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  token_hash: string;
  email: string;
  role: CompanyRole;
  order_limit_cents: ColumnType<number | string | null, number | null | undefined, number | null>;
  invited_by: string | null;
  invited_by_name: string;
  expires_at: Timestamp;
  used_at: NullableTime;
  used_by: NullableText;
  revoked_at: NullableTime;
  /** Migration 0028 (ux 2026-11-28 #6): withdrawn because a newer invitation replaced it. */
  replaced_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

/** Migration 0020: money received against an invoice paid on account. */
export interface InvoicePaymentsTable {
  id: string;
  order_id: string;
  company_id: string | null;
  amount_cents: number;
  reference: string;
  received_at: Timestamp;
  recorded_at: Timestamp;
  recorded_by_user_id: string;
  recorded_by_name: string;
}

/** Migration 0020: a reminder sent for an invoice; (order_id, kind) is the claim. */
export interface InvoiceRemindersTable {
  order_id: string;
  /** 'before-due' | 'after-due'. */
  kind: string;
  sent_at: Timestamp;
}

/** Migration 0022: a quote (DESIGN.md section 14); lines and offer lines are JSON text. */
export interface QuotesTable {
  id: string;
  user_id: string;
  user_email: string;
  user_name: string;
  company_id: string | null;
  /** 'requested' | 'offered' | 'ordered' | 'declined' ('expired' is never stored). */
  status: 'requested' | 'offered' | 'ordered' | 'declined';
  note: string;
  /** JSON `[{productId, productName, quantity}]`. */
  lines: string;
  /** JSON `[{productId, productName, quantity, unitPriceCents}]`; null before the first offer. */
  offer_lines: NullableText;
  offer_total_cents: ColumnType<number | string | null, number | null | undefined, number | null>;
  offer_valid_until: NullableTime;
  offer_message: NullableText;
  offer_version: ColumnType<number, number | undefined, number>;
  offered_at: NullableTime;
  order_id: NullableText;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * Migration 0032: the number people read (`Q-10001`), given by the database (a sequence
   * default on PostgreSQL, a trigger on SQLite, so SQLite's RETURNING may say null).
   */
  number: ColumnType<number | null, never, never>;
  /** Migration 0032: JSON `[{description, amountCents}]`, an offer's lines that are not products. */
  offer_extra_lines: NullableText;
}

/** Migration 0032: what happened to a quote, read back on its page. */
export interface QuoteHistoryTable {
  id: Generated<number | string>;
  quote_id: string;
  /** 'new-offer-asked' | 'order-rejected' | 'order-cancelled' | 'order-deleted'. */
  kind: string;
  at: Timestamp;
  message: ColumnType<string, string | undefined, string>;
  order_id: NullableText;
  order_number: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: the offer as it stood, for 'new-offer-asked'. */
  offer: NullableText;
}
export type QuoteHistoryRow = Selectable<QuoteHistoryTable>;

/** Migration 0022: a quote's one artwork file. */
export interface QuoteAttachmentsTable {
  quote_id: string;
  filename: string;
  content_type: string;
  size: number;
  data: Buffer;
  uploaded_at: Timestamp;
}

/** Migration 0022: how many quotes a customer has waiting for an offer. */
export interface QuoteRequestCountsTable {
  user_id: string;
  open: number;
}

/** Migration 0017: the last invoice number given in each year (UTC), gap-free. */
export interface InvoiceCountersTable {
  year: number;
  last: number;
}

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
type NullableTime = ColumnType<Date | string | null, string | null | undefined, string | null>;

/** One product of an order, priced when the order was placed (migration 0009). */
export interface OrderLinesTable {
  order_id: string;
  /** 0-based, in the order the buyer listed them. */
  position: number;
  product_id: string | null;
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  /** PostgreSQL bigint: read back as a string there. */
  line_total_cents: ColumnType<number | string, number, number>;
  /** Migration 0017: the product's SKU when the line was placed, written by a trigger only. */
  sku: ColumnType<string | null, never, never>;
}

/** An order mail waiting for (or done with) delivery (migration 0009). */
export interface MailOutboxTable {
  id: string;
  /** ORDER_MAIL_KINDS: 'order-placed' | 'order-paid' | 'order-shipped' | 'order-cancelled'. */
  kind: string;
  order_id: string | null;
  recipient: string;
  /** JSON: what the mail is written from. */
  payload: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: NullableText;
  sent_at: NullableTime;
  created_at: Timestamp;
  /** The worker pass holding the row while it sends (0010); null when unclaimed. */
  claim_token: NullableText;
  /** Set when the worker gave up on the row after its last attempt (0010). */
  failed_at: NullableTime;
  /** When the row took its place in its recipient's hourly allowance, before sending (0015). */
  admitted_at: NullableTime;
  /** Settled without sending (0015): the recipient never confirmed the address. */
  skipped_at: NullableTime;
  skip_reason: NullableText;
}

export interface PaymentsTable {
  id: string;
  order_id: string;
  gateway: string;
  intent_id: string;
  amount_cents: number;
  status: string;
  client_secret: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TestGatewayIntentsTable {
  id: string;
  client_secret: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Better Auth's tables: only what the shop reads of them is typed here. */
export interface AuthSessionTable {
  id: string;
  userId: string;
  expiresAt: Date | string | number;
  /** The client address TRUST_PROXY vouches for, recorded by Better Auth. */
  ipAddress: string | null;
}

export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
  /** Better Auth's password hash, on the `credential` account only. */
  password: string | null;
}

export interface AuthUserTable {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean | number;
  updatedAt: Timestamp;
}

/** Values generated once for the whole shop (see migration 0005). */
export interface SettingsTable {
  key: string;
  value: string;
}

/** A user's `Idempotency-Key` and the answer of its first request (migration 0007). */
export interface IdempotencyKeysTable {
  user_id: string;
  idempotency_key: string;
  /** SHA-256 (hex) of the method, route and canonical JSON body of the first request. */
  request_hash: string;
  /** Names the request doing the work: only it may store the answer or let the key go. */
  claim_token: string;
  claimed_at: Timestamp;
  /** The stored answer; null while the first request is still in flight. */
  status_code: number | null;
  response_body: string | null;
  expires_at: Timestamp;
}

/**
 * SQLite only (migration 0011): the FTS5 trigram table searches read, one row per product.
 * The column named like the table is FTS5's handle for `MATCH`.
 */
export interface ProductSearchTable {
  rowid: number;
  product_search: string;
  /** Migration 0018: the product's `search_text`. */
  search_text: string;
}

/** Migration 0018: pairs of words a search takes as one (`psu` = `power supply`). */
export interface SearchSynonymsTable {
  id: string;
  term: string;
  expansion: string;
  created_at: Timestamp;
}

/** SQLite only: which product each `product_search` row is (the triggers keep both in step). */
/**
 * Migration 0013: how many unpaid orders a customer holds, for MAX_UNPAID_ORDERS; 0014: what
 * they are worth together, for MAX_UNPAID_VALUE (PostgreSQL's bigint reads as a string).
 */
export interface UnpaidOrderCountsTable {
  user_id: string;
  unpaid: number;
  unpaid_cents: ColumnType<number | string, number, number>;
}

/** Migration 0014: until when a customer may not hold a product whose order of theirs expired. */
export interface HoldCooldownsTable {
  user_id: string;
  product_id: string;
  ends_at: Timestamp;
}

export interface ProductSearchKeysTable {
  search_rowid: number;
  product_id: string;
}

/** Migration 0023: a customer's saved order lists; slot 0 is the order list itself. */
export interface OrderListsTable {
  id: string;
  user_id: string;
  slot: number;
  name: string;
  /** JSON `[{productId, quantity, name}]`. */
  lines: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  settings: SettingsTable;
  idempotency_keys: IdempotencyKeysTable;
  products: ProductsTable;
  product_search: ProductSearchTable;
  product_search_keys: ProductSearchKeysTable;
  search_synonyms: SearchSynonymsTable;
  reviews: ReviewsTable;
  users: UsersTable;
  orders: OrdersTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  company_invitations: CompanyInvitationsTable;
  quotes: QuotesTable;
  quote_attachments: QuoteAttachmentsTable;
  quote_request_counts: QuoteRequestCountsTable;
  quote_history: QuoteHistoryTable;
  order_lines: OrderLinesTable;
  invoice_counters: InvoiceCountersTable;
  invoice_payments: InvoicePaymentsTable;
  invoice_reminders: InvoiceRemindersTable;
  unpaid_order_counts: UnpaidOrderCountsTable;
  hold_cooldowns: HoldCooldownsTable;
  order_lists: OrderListsTable;
  mail_outbox: MailOutboxTable;
  payments: PaymentsTable;
  test_gateway_intents: TestGatewayIntentsTable;
  auth_user: AuthUserTable;
  auth_session: AuthSessionTable;
  auth_account: AuthAccountTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Insertable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type InvoicePaymentRow = Selectable<InvoicePaymentsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type UserRow = Selectable<UsersTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type OrderListRow = Selectable<OrderListsTable>;
export type NewReviewRow = Insertable<ReviewsTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type CompanyMemberRow = Selectable<CompanyMembersTable>;
export type CompanyInvitationRow = Selectable<CompanyInvitationsTable>;
export type QuoteRow = Selectable<QuotesTable>;
