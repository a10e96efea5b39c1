import { formatQuantity } from '../common/format.js';
import { MAX_LIST_LIMIT } from '../common/constants.js';

/**
 * The admin lists (Manage Product, Manage Order, Manage Users: DESIGN.md section 10): their page
 * size, the texts of their search box, pager, empty result and CSV export, and the CSV columns.
 */

/** Rows per page of an admin list: a screenful of table rows, 4 pages of the biggest limit. */
export const ADMIN_PAGE_SIZE = 25;
/** An export asks for the biggest page the API gives, until it has every match. */
export const EXPORT_PAGE_SIZE = MAX_LIST_LIMIT;
/** How long typing in a search box rests before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/** What a list holds, singular and plural: "1 order", "312 orders". */
export interface ListNoun {
  one: string;
  many: string;
}

export const adminListNouns = {
  products: { one: 'product', many: 'products' },
  orders: { one: 'order', many: 'orders' },
  users: { one: 'user', many: 'users' },
} as const satisfies Record<string, ListNoun>;

const count = (total: number, noun: ListNoun) =>
  `${formatQuantity(total)} ${total === 1 ? noun.one : noun.many}`;

export const adminListMessages = {
  searchLabel: (noun: ListNoun) => `Search ${noun.many}`,
  statusLabel: 'Status',
  allStatuses: 'All',
  total: count,
  /** "Page 2 of 14"; an empty list is page 1 of 1. */
  pageOf: (page: number, pages: number) => `Page ${page} of ${Math.max(pages, 1)}`,
  pagerLabel: (noun: ListNoun) => `Pages of ${noun.many}`,
  previous: 'Previous',
  next: 'Next',
  /** The empty result: 'No orders match "x"', 'No shipped orders', 'No shipped orders match "x"'. */
  noMatch: (noun: ListNoun, q?: string, filter?: string) => {
    const what = filter ? `${filter} ${noun.many}` : noun.many;
    return q ? `No ${what} match "${q}"` : `No ${what}`;
  },
  showAll: (noun: ListNoun) => `Show all ${noun.many}`,
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exported: (total: number, noun: ListNoun, filename: string) =>
    `${count(total, noun)} exported to ${filename}.`,
  /** Said when the list changed under the export (rows added or removed between pages). */
  exportChanged: 'The list changed during the export: export again for an exact copy.',
} as const;

/**
 * The CSV columns of each list, in file order: what the screen shows, plus ids, dates (UTC) and
 * amounts as plain numbers of dollars. The web app gives each key its value.
 */
export const adminCsvColumns = {
  products: {
    id: 'Product ID',
    name: 'Name',
    sku: 'SKU',
    category: 'Category',
    image: 'Image URL',
    available: 'Available',
    minQty: 'Min Qty',
    packSize: 'Pack Size',
    price: 'Price (USD)',
    priceBreaks: 'Price Breaks (min qty: USD each)',
    specs: 'Specs',
    description: 'Description',
  },
  /** One row per order line (issue 22, defect 16): the line's SKU and prices, then its order's. */
  orders: {
    orderNumber: 'Order Number',
    id: 'Order ID',
    line: 'Line',
    sku: 'SKU',
    product: 'Product',
    quantity: 'Quantity',
    unitPrice: 'Unit Price (USD)',
    lineTotal: 'Line Total (USD)',
    orderTotal: 'Order Total (USD)',
    placed: 'Placed (UTC)',
    paid: 'Paid (UTC)',
    shipped: 'Shipped (UTC)',
    customer: 'Customer',
    email: 'Email',
    phone: 'Phone',
    company: 'Company',
    vatNumber: 'VAT Number',
    billingAddress: 'Billing Address',
    address: 'Shipping Address',
    poNumber: 'PO Number',
    invoiceNumber: 'Invoice Number',
    paymentStatus: 'Payment Status',
    orderStatus: 'Order Status',
    transactionId: 'Transaction ID',
    carrier: 'Carrier',
    trackingNumber: 'Tracking Number',
  },
  users: { id: 'UserID', name: 'Name', email: 'Email', role: 'Role' },
} as const;

/** An order's lines in one CSV cell: `10 × ForgeLine M3; 4 × Nova Mini-ITX`. */
export function orderLinesSummary(lines: readonly { productName: string; quantity: number }[]) {
  return lines.map((line) => `${line.quantity} × ${line.productName}`).join('; ');
}

/** A product's price breaks in one CSV cell: `100: 45.00; 500: 42.50` (from 100 pieces, $45 each). */
export function priceBreaksCell(breaks: readonly { minQty: number; price: number }[]): string {
  return breaks.map((one) => `${one.minQty}: ${one.price.toFixed(2)}`).join('; ');
}

/** A product's specs in one CSV cell: `Form factor: ATX; Fans: 3`. */
export function specsCell(specs: readonly { name: string; value: string }[]): string {
  return specs.map((spec) => `${spec.name}: ${spec.value}`).join('; ');
}

/** A time in a CSV cell: `2026-11-25 10:44:39` (UTC), which spreadsheets read as a date. */
export function csvTime(iso: string | null | undefined): string {
  return iso ? iso.replace('T', ' ').slice(0, 19) : '';
}

/** `orders-2026-11-25.csv`: what is exported and the (local) day it was. */
export function csvFileName(what: string, day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${what}-${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}.csv`;
}
