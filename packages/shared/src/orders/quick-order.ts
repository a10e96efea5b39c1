import { formatQuantity } from '../common/format.js';
import { plainReading, readTypedNumber } from '../common/typed-number.js';
import { pluralCount } from './cart.js';
import { MAX_ORDER_QUANTITY } from './order-quantity.js';

/**
 * Quick order (DESIGN.md section 14): the lines a buyer pastes from a spreadsheet, types, or
 * uploads as a CSV file, read into `{sku, quantity}` pairs for `POST /api/products/lookup`. One
 * parser for the page, the server's tests and the browser walks. Zod-free: it runs in the quick
 * order page's chunk as the buyer types.
 */

/** At most this many lines are checked at once (the lookup's limit). */
export const QUICK_ORDER_MAX_LINES = 200;
/** The longest text the page reads (a pasted sheet or a CSV file): 200 long lines and then some. */
export const QUICK_ORDER_MAX_CHARS = 100_000;
/** The largest CSV file the page opens. */
export const QUICK_ORDER_MAX_FILE_BYTES = 200_000;

/** A line read from the input: the SKU as typed, the quantity, and the input rows it came from. */
export interface QuickOrderLine {
  sku: string;
  quantity: number;
  /** 1-based input rows: several when the same SKU (in any case) was given more than once. */
  rows: number[];
}

/** An input row that could not be read, and why. */
export interface QuickOrderUnreadable {
  row: number;
  text: string;
  reason: string;
}

export interface ParsedQuickOrder {
  lines: QuickOrderLine[];
  unreadable: QuickOrderUnreadable[];
}

export const quickOrderMessages = {
  title: 'Quick order',
  intro:
    'Order by SKU: paste lines from a spreadsheet, type them, or open a CSV file. One product a line: SKU and quantity, separated by a space, a comma or a tab.',
  linesLabel: 'SKUs and quantities',
  linesHint: 'For example: PC-550-BR 1,000 (one a line, up to 200 lines)',
  fileLabel: 'Or open a CSV file',
  fileHint: 'A column of SKUs and a column of quantities, with or without a header row.',
  fileTooLarge: 'This file is too large: a CSV file of at most 200 KB.',
  fileUnreadable: 'This file could not be read. Choose a CSV file.',
  check: 'Check lines',
  checking: 'Checking…',
  nothingToCheck: 'Type or paste at least one line: a SKU and a quantity.',
  resultsHeading: 'Checked lines',
  unreadableHeading: 'Lines that could not be read',
  unreadableRow: (row: number, text: string, reason: string) => `Line ${row} "${text}": ${reason}`,
  notSku: 'this is not a SKU (letters, digits, "-", "_" and ".")',
  notQuantity: `the quantity must be a whole number from 1 to ${formatQuantity(MAX_ORDER_QUANTITY)}`,
  notTwoColumns: 'expected a SKU and a quantity',
  /** `SKU,1,000` unquoted: the comma ends the quantity (ux 2026-11-28 #18). */
  commaInQuantity: (digits: string) =>
    `the comma splits the quantity: write ${digits} or put it in quotes ("${plainReading(Number(digits))}")`,
  ambiguousQuantity: (typed: string, [thousands, decimal]: readonly [number, number]) =>
    `the quantity “${typed}” can be read two ways (${plainReading(thousands)} or ${plainReading(decimal)}); write ${String(thousands)}`,
  tooManyLines: `only the first ${QUICK_ORDER_MAX_LINES} products are checked`,
  tooLong: 'the text is too long: split it into several quick orders',
  sku: 'SKU',
  product: 'Product',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  lineTotal: 'Line total',
  result: 'Result',
  ok: 'Ready to add',
  rows: (rows: readonly number[]) =>
    rows.length === 1 ? `line ${rows[0]}` : `lines ${rows.join(', ')} (added together)`,
  summary: (ready: number, problems: number) =>
    `${pluralCount(ready, 'line', 'lines')} ready, ${pluralCount(problems, 'line', 'lines')} with a problem`,
  addValid: (count: number) => `Add ${pluralCount(count, 'product', 'products')} to the order list`,
  added: (count: number) => `${pluralCount(count, 'product', 'products')} added to your order list`,
  notAdded: (name: string, why: string) => `${name}: ${why}`,
  notAddedHeading: 'Not added:',
  viewOrderList: 'View the order list',
  link: 'Quick order',
  linkLong: 'Quick order by SKU',
  checkFailed: 'The lines could not be checked. Please try again.',
} as const;

/** 'Order again' on the order page (DESIGN.md section 14). */
export const reorderMessages = {
  orderAgain: 'Order again',
  orderAgainLabel: (orderNumber: string) => `Order again: order ${orderNumber}`,
  working: 'Adding the products…',
  done: (count: number) =>
    `${pluralCount(count, 'product', 'products')} added to your order list at today's prices`,
  none: 'None of these products could be added to your order list.',
  skippedHeading: 'Left out of your order list:',
  todaysPrices: "The order list shows today's prices; quantities are the order's.",
} as const;

/** The order list page's saved lists (DESIGN.md section 14). */
export const savedListMessages = {
  heading: 'Saved lists',
  intro:
    'Save this order list under a name, for a project or a customer, and open it again later on any device.',
  signInHint: 'Log in to save order lists and keep your order list on every device.',
  nameLabel: 'Name of the list',
  save: 'Save this order list',
  saving: 'Saving…',
  saved: (name: string) => `Saved as "${name}"`,
  saveEmpty: 'Add products to your order list before saving it.',
  none: 'No saved lists yet.',
  count: (lines: number, updatedAt: string) =>
    `${pluralCount(lines, 'product', 'products')} · saved ${updatedAt}`,
  open: 'Open',
  openLabel: (name: string) => `Open ${name} in the order list`,
  nameRequired: 'Enter a name for the list',
  openTitle: 'Open this list?',
  openText: (name: string) =>
    `Add the products of "${name}" to your order list, or replace your order list with it? Save your order list first to keep it as it is.`,
  openConfirm: 'Add to my order list',
  openReplace: 'Replace my order list',
  opened: (name: string) => `"${name}" is now your order list`,
  merged: (name: string) => `The products of "${name}" were added to your order list`,
  rename: 'Rename',
  renameLabel: (name: string) => `Rename ${name}`,
  newName: (name: string) => `New name for ${name}`,
  renameSave: 'Save name',
  cancel: 'Cancel',
  remove: 'Delete',
  removeLabel: (name: string) => `Delete ${name}`,
  removeText: (name: string) => `Are you sure you want to delete the saved list "${name}"?`,
  listsLabel: 'Your saved lists',
} as const;

const SKU = /^[A-Za-z0-9._-]{1,40}$/;
/** Words of a header row: the first row is skipped when its quantity is one of these. */
const HEADER_WORD = /^(sku|item|code|part|product|article|qty|quantity|amount|count|pcs|pieces)\b/i;

/** Splits at `separator` outside double quotes (a CSV field `"1,000"` stays whole). */
function splitQuoted(row: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of row) {
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * One input row's fields: split at tabs when it has any (a spreadsheet's paste, whose cells may
 * hold `1,000`), else at semicolons, else at commas (outside quotes) unless a space comes first
 * (`PC-550-BR 1,000`), else at spaces, where a quantity typed with spaces (`1 000`) stays one
 * field.
 */
function fieldsOf(row: string): string[] {
  const trimmed = row.trim();
  const firstComma = trimmed.indexOf(',');
  const firstSpace = trimmed.search(/\s/);
  const spaceFirst = firstSpace !== -1 && (firstComma === -1 || firstSpace < firstComma);
  const separator = ['\t', ';', ','].find(
    (candidate) => row.includes(candidate) && (candidate !== ',' || !spaceFirst),
  );
  let parts: string[];
  if (separator !== undefined) {
    parts = splitQuoted(row, separator);
  } else {
    parts = row.trim().split(/\s+/);
    const [sku = '', ...rest] = parts;
    if (rest.length > 1 && readTypedNumber(rest.join(' ')).ok) parts = [sku, rest.join(' ')];
  }
  return parts
    .map((part) =>
      part
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((part, index, all) => part !== '' || all.slice(index).some((p) => p.trim() !== ''));
}

/**
 * Reads pasted or typed lines, or a CSV file's text: `SKU quantity`, `SKU,quantity` or
 * `SKU<tab>quantity`, one a line, the quantity as people type it (`1,000`, `1 000`: the shared
 * `readTypedNumber`) (quoted fields and a header row are fine; blank lines are
 * skipped; trailing empty columns of a spreadsheet are ignored). The same SKU given twice, in
 * any case, is one line with the quantities added together. Rows that cannot be read are listed
 * with why; products past the 200th are too.
 */
export function parseQuickOrder(text: string): ParsedQuickOrder {
  const lines: QuickOrderLine[] = [];
  const unreadable: QuickOrderUnreadable[] = [];
  const bySku = new Map<string, QuickOrderLine>();
  const input = text.length > QUICK_ORDER_MAX_CHARS ? text.slice(0, QUICK_ORDER_MAX_CHARS) : text;
  const rows = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let seenContent = false;
  rows.forEach((raw, index) => {
    const row = index + 1;
    const shown = raw.trim();
    if (shown === '') return;
    const first = !seenContent;
    seenContent = true;
    const fields = fieldsOf(raw);
    const [sku = '', quantityText = '', ...rest] = fields;
    const read = readTypedNumber(quantityText, { whole: true });
    if (first && !read.ok && fields.some((f) => HEADER_WORD.test(f))) return;
    const short = shown.length > 60 ? `${shown.slice(0, 57)}…` : shown;
    const refuse = (reason: string) => unreadable.push({ row, text: short, reason });
    const grouped = [quantityText, ...rest].join(',');
    if (rest.length > 0 && /^\d{1,3}(,\d{3})+$/.test(grouped) && SKU.test(sku)) {
      return refuse(quickOrderMessages.commaInQuantity(grouped.replaceAll(',', '')));
    }
    if (fields.length < 2 || rest.some((field) => field !== '')) {
      return refuse(quickOrderMessages.notTwoColumns);
    }
    if (!SKU.test(sku)) return refuse(quickOrderMessages.notSku);
    if (!read.ok && read.reason === 'ambiguous') {
      return refuse(quickOrderMessages.ambiguousQuantity(quantityText, read.readings));
    }
    const quantity = read.ok ? read.value : 0;
    if (quantity < 1 || quantity > MAX_ORDER_QUANTITY) {
      return refuse(quickOrderMessages.notQuantity);
    }
    const key = sku.toLowerCase();
    const same = bySku.get(key);
    if (same && same.quantity + quantity > MAX_ORDER_QUANTITY) {
      return refuse(quickOrderMessages.notQuantity);
    }
    if (same) {
      same.quantity += quantity;
      same.rows.push(row);
      return;
    }
    if (lines.length >= QUICK_ORDER_MAX_LINES) return refuse(quickOrderMessages.tooManyLines);
    const line = { sku, quantity, rows: [row] };
    bySku.set(key, line);
    lines.push(line);
  });
  if (text.length > QUICK_ORDER_MAX_CHARS) {
    unreadable.push({ row: rows.length, text: '…', reason: quickOrderMessages.tooLong });
  }
  return { lines, unreadable };
}
