/*
 * Numbers are written here by hand, as Intl.NumberFormat('en-US') writes them, and never through
 * Intl: a page's first Intl formatter loads the browser's locale data, one long task of 10-20 ms
 * while the page wakes up (Total Blocking Time under Lighthouse's 4x slower CPU, issue 33;
 * docs/performance.md). Like Intl, a number is rounded from its shortest decimal spelling
 * (`String(0.015)` is "0.015", so "0.02"), half away from zero; `toFixed` would round the
 * binary value (0.01499…) down.
 */

/**
 * `value` with `decimals` places and its thousands grouped: 1234.5, 2 -> "1,234.50". (Intl
 * writes -0 as "-0"; here it is 0.)
 */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  // Shifted by its decimal spelling ("2.675e2" is exactly 267.5), rounded, shifted back. Below
  // 1e-6 and from 1e21 String() writes an exponent; toFixed is then as good as Intl.
  const fixed = String(size).includes('e')
    ? size.toFixed(decimals)
    : Number(`${Math.round(Number(`${size}e${decimals}`))}e-${decimals}`).toFixed(decimals);
  const [whole = '', fraction] = fixed.split('.');
  return `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A dollar amount with the spec's $ sign: 120 -> "$120", 49.5 -> "$49.50", 1250 -> "$1,250". */
export function formatPrice(dollars: number): string {
  return `$${formatNumber(dollars, Number.isInteger(dollars) ? 0 : 2)}`;
}

/**
 * A quantity (or any count) as every page, PDF and mail writes it (ux 2026-11-28 #33):
 * thousands separated, `1,000`; the same figure a buyer may type back (`readTypedNumber` reads
 * it).
 */
export function formatQuantity(quantity: number): string {
  return formatNumber(quantity, 0);
}
