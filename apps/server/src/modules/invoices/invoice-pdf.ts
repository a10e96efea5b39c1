import {
  formatDocumentDate,
  onAccountLabels,
  formatMoney,
  formatQuantity,
  invoiceDocumentKind,
  invoiceLabels as l,
  invoiceOrderReference,
  invoiceRecipientOf,
  invoiceTaxOf,
  type InvoiceSettings,
  type Order,
} from '@shop/shared';
import PDFDocument from 'pdfkit';

const MARGIN = 50;
const FOOTER_HEIGHT = 24;
/** The table's columns: x and width, on an A4 page 595 points wide with 50-point margins. */
const COLUMNS = {
  sku: { x: MARGIN, width: 80 },
  product: { x: 134, width: 170 },
  quantity: { x: 308, width: 50 },
  unitPrice: { x: 362, width: 88 },
  total: { x: 455, width: 90 },
} as const;
const RIGHT_EDGE = COLUMNS.total.x + COLUMNS.total.width;
const GREEN = '#15803d';
const RED = '#b91c1c';

type Doc = PDFKit.PDFDocument;

/**
 * The standard PDF fonts know Windows-1252 only; a character outside it (a Chinese product name)
 * would print as nonsense, so it becomes '?' instead.
 */
function printable(text: string): string {
  return text.replace(
    /[^\u0020-\u007e\u00a0-\u00ff\u20ac\u2013\u2014\u2018-\u201e\u2022\n]/gu,
    '?',
  );
}

/**
 * A paid order that will not ship: paid after its cancellation with its stock gone (DESIGN.md
 * section 11: `orderStatus: 'cancelled'`, `refundNeeded`). Its invoice must not read as a paid
 * sale (security report 2026-11-26, finding 17).
 */
const paidButCancelled = (order: Order) => order.paid && order.orderStatus === 'cancelled';

function paymentStatus(order: Order): string {
  if (paidButCancelled(order)) {
    return l.statusCancelledRefund(formatMoney(order.orderPrice), order.transactionId);
  }
  if (order.paid) {
    if (order.refundNeeded) return l.statusPaidRefundSecond(order.transactionId);
    // Marked paid for a bank transfer (ux 2026-11-28 #15): its reference and the day received.
    if (order.transactionId && order.paymentReceivedAt) {
      return l.statusPaidByTransfer(
        order.transactionId,
        formatDocumentDate(order.paymentReceivedAt),
      );
    }
    return order.transactionId ? l.statusPaid(order.transactionId) : l.statusPaidNoTransaction;
  }
  if (order.paymentStatus === 'invoiced' && order.invoice) {
    const due = formatDocumentDate(order.invoice.dueAt);
    return order.invoice.amountDue < order.orderPrice
      ? onAccountLabels.statusPartlyPaid(formatMoney(order.invoice.amountDue), due)
      : onAccountLabels.statusInvoiced(due);
  }
  return order.paymentStatus === 'cancelled' ? l.statusCancelled : l.statusUnpaid;
}

/** Label and value rows, the label in bold; answers the y below them. */
function facts(doc: Doc, rows: [string, string][], x: number, y: number, width: number): number {
  const labelWidth = 95;
  let top = y;
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(9).text(printable(label), x, top, { width: labelWidth });
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(printable(value), x + labelWidth, top, { width: width - labelWidth });
    top = Math.max(doc.y, top + 12) + 2;
  }
  return top;
}

function tableHeader(doc: Doc, y: number, continued: boolean): number {
  doc.font('Helvetica-Bold').fontSize(9);
  const heads = [
    [l.columns.sku, COLUMNS.sku, 'left'],
    [`${l.columns.product}${continued ? ` (${l.continued})` : ''}`, COLUMNS.product, 'left'],
    [l.columns.quantity, COLUMNS.quantity, 'right'],
    [l.columns.unitPrice, COLUMNS.unitPrice, 'right'],
    [l.columns.total, COLUMNS.total, 'right'],
  ] as const;
  for (const [label, column, align] of heads) {
    doc.text(label, column.x, y, { width: column.width, align });
  }
  const bottom = y + 14;
  doc.moveTo(MARGIN, bottom).lineTo(RIGHT_EDGE, bottom).lineWidth(0.8).stroke('#333333');
  return bottom + 6;
}

/** The page-wide box a status or notice is printed in; answers the y below it. */
function box(doc: Doc, text: string, y: number, color: string): number {
  doc.font('Helvetica-Bold').fontSize(11);
  const status = printable(text);
  const height = doc.heightOfString(status, { width: RIGHT_EDGE - MARGIN - 16 }) + 14;
  doc
    .rect(MARGIN, y, RIGHT_EDGE - MARGIN, height)
    .lineWidth(1)
    .stroke(color);
  doc.fillColor(color).text(status, MARGIN + 8, y + 8, { width: RIGHT_EDGE - MARGIN - 16 });
  doc.fillColor('#000000');
  return y + height;
}

/**
 * An invoice paid on account: its terms and where to send the money (the seller's bank details,
 * INVOICE_BANK_DETAILS); answers the y below it. The due date is in the head, once (ux
 * 2026-11-28 #13). Without bank details it never asks for a transfer to an account it does not
 * name: the buyer is asked to contact the shop for the payment details.
 */
function accountTerms(doc: Doc, termsDays: number, settings: InvoiceSettings, y: number): number {
  const bank = settings.bankDetails ?? [];
  const rows: [string, string][] = [
    [onAccountLabels.terms, onAccountLabels.termsValue(termsDays)],
    ...(bank.length > 0
      ? [[onAccountLabels.bankDetails, bank.join('\n')] as [string, string]]
      : []),
  ];
  const bottom = facts(doc, rows, MARGIN, y, RIGHT_EDGE - MARGIN);
  doc
    .font('Helvetica-Oblique')
    .fontSize(9)
    .text(
      bank.length > 0
        ? onAccountLabels.quoteInvoiceNumber
        : onAccountLabels.contactForPaymentDetails,
      MARGIN,
      bottom + 4,
      { width: RIGHT_EDGE - MARGIN },
    );
  return doc.y;
}

/**
 * The invoice of a paid order, or the pro-forma of an unpaid one, as a PDF (issue 22, defects 2
 * and 20; DESIGN.md section 9). An invoice carries its gap-free number, invoice and due dates;
 * a pro-forma says in its title and a box that it is not an invoice and never has a number. Both
 * show the seller's and buyer's facts (company, VAT number, billing address), every line with
 * SKU, quantity, unit price and total (over as many pages as it takes, the head repeated), then
 * subtotal, tax and total in USD. A cancelled unpaid order gets no document (the service says
 * so before this is called).
 */
export function renderInvoicePdf(order: Order, settings: InvoiceSettings): Promise<Buffer> {
  const { seller, tax } = settings;
  const invoice = invoiceDocumentKind(order) === 'invoice' ? order.invoice : null;
  const title = invoice ? l.title : l.proFormaTitle;
  const reference = invoiceOrderReference(order);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: invoice ? `${title} ${invoice.number}` : `${title} - ${l.orderId} ${reference}`,
      Author: seller.name,
      Subject: `${l.orderId} ${reference}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pageBottom = () => doc.page.height - MARGIN - FOOTER_HEIGHT;

  // The seller, left; the document's title, number and dates, right.
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(printable(seller.name), MARGIN, MARGIN, { width: 260 });
  doc.font('Helvetica').fontSize(9);
  for (const line of seller.address) doc.text(printable(line), { width: 260 });
  doc.text(printable(`${l.vatNumber}: ${seller.vatNumber}`), { width: 260 });
  doc.text(printable(`${l.email}: ${seller.email}`), { width: 260 });
  const sellerBottom = doc.y;

  doc
    .font('Helvetica-Bold')
    .fontSize(invoice ? 22 : 17)
    .text(title.toUpperCase(), 320, MARGIN, { width: RIGHT_EDGE - 320, align: 'right' });
  const dates: [string, string][] = [
    ...(invoice
      ? ([
          [l.invoiceNumber, invoice.number],
          [l.invoiceDate, formatDocumentDate(invoice.issuedAt)],
          [l.dueDate, formatDocumentDate(invoice.dueAt)],
        ] as [string, string][])
      : []),
    [l.orderId, reference],
    [l.placed, formatDocumentDate(order.placedAt)],
    ...(order.paidAt ? [[l.paid, formatDocumentDate(order.paidAt)] as [string, string]] : []),
    ...(order.shippedAt
      ? [[l.shipped, formatDocumentDate(order.shippedAt)] as [string, string]]
      : []),
  ];
  const datesBottom = facts(doc, dates, 320, MARGIN + 30, RIGHT_EDGE - 320);

  // Bill to, left: the company the invoice is made out to (ux 2026-11-28 #2), its VAT number,
  // its billing address and the contact; Ship to, right: where the goods go, and how.
  let y = Math.max(sellerBottom, datesBottom) + 18;
  const top = y;
  // Bill to takes the wider part: a long email address stays on one line beside its label.
  const billWidth = 315;
  const shipX = MARGIN + billWidth + 15;
  const shipWidth = RIGHT_EDGE - shipX;
  const account = invoice?.onAccount ?? null;
  const recipient = invoiceRecipientOf(order);
  doc.font('Helvetica-Bold').fontSize(11).text(l.buyer, MARGIN, top, { width: billWidth });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(printable(recipient.company ?? order.userName), MARGIN, doc.y + 4, {
      width: billWidth,
    });
  const billBottom = facts(
    doc,
    [
      ...(recipient.vatNumber ? [[l.vatNumber, recipient.vatNumber] as [string, string]] : []),
      [l.billingAddress, recipient.address],
      ...(recipient.company ? [[l.contact, order.userName] as [string, string]] : []),
      [l.email, order.userEmail],
      [l.phone, order.phone],
      ...(order.poNumber ? [[l.poNumber, order.poNumber] as [string, string]] : []),
    ],
    MARGIN,
    doc.y + 4,
    billWidth,
  );
  doc.font('Helvetica-Bold').fontSize(11).text(l.shipTo, shipX, top, { width: shipWidth });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(printable(order.address), shipX, doc.y + 4, { width: shipWidth });
  if (order.shipment) {
    // Label and value on one line each: the column is too narrow for the facts' two columns.
    doc.moveDown(0.5);
    for (const [label, value] of [
      [l.carrier, order.shipment.carrier],
      [l.trackingNumber, order.shipment.trackingNumber],
    ] as const) {
      doc.font('Helvetica-Bold').text(printable(`${label}: `), shipX, doc.y, {
        width: shipWidth,
        continued: true,
      });
      doc.font('Helvetica').text(printable(value));
    }
  }
  const shipBottom = doc.y;
  y = Math.max(billBottom, shipBottom);

  // A pro-forma says what it is not; then paid or not, in a box that cannot be missed (green
  // only for a paid order that stands).
  y += 8;
  if (!invoice) y = box(doc, l.proFormaNotice, y, RED) + 8;
  const settled = order.paid && !paidButCancelled(order) && !order.refundNeeded;
  y = box(doc, paymentStatus(order), y, settled ? GREEN : RED) + 18;
  if (account && invoice) y = accountTerms(doc, account.termsDays, settings, y) + 14;

  // The lines.
  y = tableHeader(doc, y, false);
  for (const line of order.lines) {
    const name = printable(line.productName);
    const sku = printable(line.sku ?? '-');
    doc.font('Helvetica').fontSize(9);
    const height =
      Math.max(
        12,
        doc.heightOfString(name, { width: COLUMNS.product.width }),
        doc.heightOfString(sku, { width: COLUMNS.sku.width }),
      ) + 6;
    if (y + height > pageBottom()) {
      doc.addPage();
      y = tableHeader(doc, MARGIN, true);
      doc.font('Helvetica').fontSize(9);
    }
    doc.text(sku, COLUMNS.sku.x, y, { width: COLUMNS.sku.width });
    doc.text(name, COLUMNS.product.x, y, { width: COLUMNS.product.width });
    const cells = [
      [formatQuantity(line.quantity), COLUMNS.quantity],
      [formatMoney(line.unitPrice), COLUMNS.unitPrice],
      [formatMoney(line.lineTotal), COLUMNS.total],
    ] as const;
    for (const [value, column] of cells) {
      doc.text(value, column.x, y, { width: column.width, align: 'right' });
    }
    y += height;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(RIGHT_EDGE, y - 3)
      .lineWidth(0.3)
      .stroke('#bbbbbb');
  }

  // Subtotal, tax (and its statement), total and what is due, kept together after the lines.
  const amounts = invoiceTaxOf(Math.round(order.orderPrice * 100), tax.ratePercent);
  const amountDue = invoice ? invoice.amountDue : order.orderPrice;
  const rows: [string, string, boolean][] = [
    [l.subtotal, formatMoney(amounts.subtotalCents / 100), false],
    [l.tax(tax.ratePercent), formatMoney(amounts.taxCents / 100), false],
    [l.orderTotal, formatMoney(amounts.totalCents / 100), true],
    [l.amountDue, formatMoney(amountDue), true],
  ];
  const noteHeight = tax.note ? 16 : 0;
  if (y + rows.length * 16 + noteHeight + 10 > pageBottom()) {
    doc.addPage();
    y = MARGIN;
  }
  y += 6;
  const labelX = COLUMNS.product.x;
  const labelWidth = COLUMNS.total.x - labelX - 8;
  rows.forEach(([label, value, bold], index) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
    doc.text(label, labelX, y, { width: labelWidth, align: 'right' });
    doc.text(value, COLUMNS.total.x, y, { width: COLUMNS.total.width, align: 'right' });
    y += bold ? 16 : 13;
    if (index === 1 && tax.note) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .text(printable(tax.note), MARGIN, y, { width: RIGHT_EDGE - MARGIN, align: 'right' });
      y = doc.y + 4;
    }
  });

  // Every page: which document, and which page of how many.
  const footer = invoice ? `${title} ${invoice.number}` : `${title} - ${l.orderId} ${reference}`;
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Written inside the bottom margin: without this pdfkit would start another page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(
        `${footer} - ${l.page(index - range.start + 1, range.count)}`,
        MARGIN,
        doc.page.height - MARGIN,
        { width: RIGHT_EDGE - MARGIN, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
