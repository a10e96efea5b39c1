import { ORDER_ID_CUT_END, ORDER_ID_CUT_START, TABLE_TEXT_PREVIEW } from './constants.js';

/** Cuts text for a table cell: the first 10 characters plus an ellipsis when longer. */
export function previewText(text: string, length = TABLE_TEXT_PREVIEW): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/** The order id as the payment page shows it: first 5 and last 15 characters cut off. */
export function cutOrderId(id: string): string {
  return id.slice(ORDER_ID_CUT_START, Math.max(ORDER_ID_CUT_START, id.length - ORDER_ID_CUT_END));
}

/*
 * Numbers are written here by hand, as Intl.NumberFormat('en-US') writes them, and never through
 * Intl: a page's first Intl formatter loads the browser's locale data, one long task of 10-20 ms
 * while the page wakes up (Total Blocking Time under Lighthouse's 4x slower CPU, issue 33;
 * docs/performance.md). Like Intl, a number is rounded from its shortest decimal spelling
 * (`String(0.015)` is "0.015", so "0.02"), half away from zero; `toFixed` would round the
 * binary value (0.01499…) down.
 */

/** `value` with `decimals` places and its thousands grouped: 1234.5, 2 -> "1,234.50". */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const spelled = String(Math.abs(value));
  // Below 1e-6 or from 1e21 String() writes an exponent; toFixed is then as good as Intl.
  const fixed = spelled.includes('e')
    ? Math.abs(value).toFixed(decimals)
    : rounded(spelled, decimals);
  const [whole = '', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${fraction === undefined ? grouped : `${grouped}.${fraction}`}`;
}

/** A plain decimal spelling ("2.675") rounded half up to `decimals` places ("2.68"). */
function rounded(spelled: string, decimals: number): string {
  const [whole = '0', fraction = ''] = spelled.split('.');
  const kept = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`;
  const up = (fraction[decimals] ?? '0') >= '5';
  const digits = (up ? (BigInt(kept) + 1n).toString() : kept.replace(/^0+(?=\d)/, '')).padStart(
    decimals + 1,
    '0',
  );
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** A dollar amount with the spec's $ sign: 120 -> "$120", 49.5 -> "$49.50", 1250 -> "$1,250". */
export function formatPrice(dollars: number): string {
  return `$${formatNumber(dollars, Number.isInteger(dollars) ? 0 : 2)}`;
}

/**
 * An amount as documents write it, always with cents: 4650 -> "$4,650.00", 49.5 -> "$49.50",
 * -12 -> "-$12.00". (Screens use `formatPrice`, which drops ".00"; a receipt or an invoice never
 * does.)
 */
export function formatMoney(dollars: number): string {
  const written = formatNumber(dollars, 2);
  return written.startsWith('-') ? `-$${written.slice(1)}` : `$${written}`;
}

/**
 * A quantity (or any count) as every page, PDF and mail writes it (ux 2026-11-28 #33):
 * thousands separated, `1,000`; the same figure a buyer may type back (`readTypedNumber` reads
 * it).
 */
export function formatQuantity(quantity: number): string {
  return formatNumber(quantity, 0);
}

/**
 * A value made on first use and kept: for an Intl formatter (dates, sorting), which must not be
 * built while a module loads (see above; the lint rule `no-restricted-syntax` in
 * eslint.config.js refuses one at a module's top level).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
