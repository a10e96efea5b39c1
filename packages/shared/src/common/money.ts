import { formatNumber } from './format.js';

/**
 * An amount as documents write it, always with cents: 4650 -> "$4,650.00", 49.5 -> "$49.50",
 * -12 -> "-$12.00". (Screens use `formatPrice`, which drops ".00"; a receipt or an invoice never
 * does.)
 */
export function formatMoney(dollars: number): string {
  const written = formatNumber(dollars, 2);
  return written.startsWith('-') ? `-$${written.slice(1)}` : `$${written}`;
}
