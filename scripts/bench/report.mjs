// Plain-text tables and number formats for the benchmark's report.

/**
 * A table with a header row, columns aligned (numbers to the right).
 * @param {string[]} headers
 * @param {(string | number)[][]} rows
 * @returns {string}
 */
export function table(headers, rows) {
  const cells = rows.map((row) => row.map(String));
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((row) => (row[i] ?? '').length)),
  );
  const numeric = headers.map((_, i) =>
    cells.every((row) => /^[\d.,x%-]+( ms| µs)?$|^n\/a$/.test(row[i] ?? '')),
  );
  const line = (row) =>
    row
      .map((cell, i) => (numeric[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-|-');
  return [line(headers), rule, ...cells.map(line)].join('\n');
}

/** Requests per second, whole. */
export const rps = (value) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : 'n/a';
/** Milliseconds, two decimals. */
export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(2)} ms` : 'n/a');
/** Microseconds, whole. */
export const us = (value) => (Number.isFinite(value) ? `${Math.round(value)} µs` : 'n/a');
/** Nanoseconds as microseconds, two decimals (costs below a microsecond). */
export const nsAsUs = (value) =>
  Number.isFinite(value) ? `${(value / 1000).toFixed(2)} µs` : 'n/a';
/** A ratio, two decimals with an x. */
export const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
/** Bytes as MB. */
export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
