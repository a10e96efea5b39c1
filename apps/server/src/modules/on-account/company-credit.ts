import type { CompanyAccount } from '@shop/shared';
import type { CompanyRow } from '../../db/schema.js';

/** The company columns a company's account is read from (migrations 0019 and 0020). */
export type CreditColumns = Pick<
  CompanyRow,
  | 'id'
  | 'on_hold'
  | 'terms_days'
  | 'credit_limit_cents'
  | 'balance_cents'
  | 'hold_reason'
  | 'hold_note'
>;

/**
 * A company's terms, hold, balance and available credit as the API serves them (DESIGN.md
 * section 13): the one place they are read from a row, for the company's own calls
 * (companies.service.ts `toCompany`) and paying on account's. The available credit is the limit
 * less the balance, never below 0, and 0 without terms.
 */
export function companyAccountOf(row: CreditColumns): CompanyAccount {
  const balanceCents = Number(row.balance_cents);
  const limitCents = row.credit_limit_cents === null ? null : Number(row.credit_limit_cents);
  const terms =
    row.terms_days !== null && limitCents !== null
      ? { days: row.terms_days, creditLimit: limitCents / 100 }
      : null;
  return {
    _id: row.id,
    terms,
    onHold: Boolean(row.on_hold),
    // Its kind and reason (ux 2026-11-28 #34): a hold set by hand is the shop's, with what the
    // admin gave as the reason; any other ('overdue', the worker's) is an overdue invoice's.
    hold: row.on_hold
      ? row.hold_reason === 'admin'
        ? { by: 'shop', reason: row.hold_note }
        : { by: 'overdue', reason: null }
      : null,
    balance: balanceCents / 100,
    availableCredit:
      terms && limitCents !== null ? Math.max(0, limitCents - balanceCents) / 100 : 0,
  };
}
