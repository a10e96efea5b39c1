import {
  formatDocumentDate,
  formatMoney,
  invoiceLabels as l,
  invoiceNumber,
  type Seller,
  type Order,
} from '@shop/shared';
import PDFDocument from 'pdfkit';

const MARGIN = 50;
const FOOTER_HEIGHT = 24;
/** The table's columns: x and width, on an A4 page 595 points wide with 50-point margins. */
const COLUMNS = {
  product: { x: MARGIN, width: 235 },
  quantity: { x: 290, width: 65 },
  unitPrice: { x: 360, width: 90 },
  total: { x: 455, width: 90 },
} as const;
const RIGHT_EDGE = COLUMNS.total.x + COLUMNS.total.width;

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
    return order.transactionId ? l.statusPaid(order.transactionId) : l.statusPaidNoTransaction;
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

/**
 * The invoice of an order as a PDF (DESIGN.md section 9): its number, the seller's facts, the
 * buyer, every line with unit price and total (over as many pages as it takes, the table's head
 * repeated on each), the total, paid or unpaid with the transaction id, and the dates.
 */
export function renderInvoicePdf(order: Order, seller: Seller): Promise<Buffer> {
  const number = invoiceNumber(order);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${l.title} ${number}`, Author: seller.name, Subject: `Order ${order._id}` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pageBottom = () => doc.page.height - MARGIN - FOOTER_HEIGHT;

  // The seller, left; the invoice's title, number and dates, right.
  doc.font('Helvetica-Bold').fontSize(16).text(seller.name, MARGIN, MARGIN, { width: 260 });
  doc.font('Helvetica').fontSize(9);
  for (const line of seller.address) doc.text(line, { width: 260 });
  doc.text(`${l.vatNumber}: ${seller.vatNumber}`, { width: 260 });
  doc.text(`${l.email}: ${seller.email}`, { width: 260 });
  const sellerBottom = doc.y;

  doc
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(l.title.toUpperCase(), 320, MARGIN, { width: RIGHT_EDGE - 320, align: 'right' });
  const dates: [string, string][] = [
    [l.invoiceNumber, number],
    [l.orderId, order._id],
    [l.placed, formatDocumentDate(order.placedAt)],
    ...(order.paidAt ? [[l.paid, formatDocumentDate(order.paidAt)] as [string, string]] : []),
    ...(order.shippedAt
      ? [[l.shipped, formatDocumentDate(order.shippedAt)] as [string, string]]
      : []),
  ];
  const datesBottom = facts(doc, dates, 320, MARGIN + 30, RIGHT_EDGE - 320);

  // The buyer.
  let y = Math.max(sellerBottom, datesBottom) + 18;
  doc.font('Helvetica-Bold').fontSize(11).text(l.buyer, MARGIN, y);
  y = doc.y + 4;
  doc.font('Helvetica').fontSize(10).text(printable(order.userName), MARGIN, y, { width: 300 });
  y = facts(
    doc,
    [
      [l.email, order.userEmail],
      [l.phone, order.phone],
      [l.address, order.address],
      ...(order.poNumber ? [[l.poNumber, order.poNumber] as [string, string]] : []),
      ...(order.shipment
        ? ([
            [l.carrier, order.shipment.carrier],
            [l.trackingNumber, order.shipment.trackingNumber],
          ] as [string, string][])
        : []),
    ],
    MARGIN,
    doc.y + 4,
    // The page's whole width: a long email address stays on one line.
    RIGHT_EDGE - MARGIN,
  );

  // Paid or not, in a box that cannot be missed: green only for a paid order that stands.
  y += 8;
  const settled = order.paid && !paidButCancelled(order) && !order.refundNeeded;
  doc.font('Helvetica-Bold').fontSize(11);
  const status = printable(paymentStatus(order));
  const textHeight = doc.heightOfString(status, { width: RIGHT_EDGE - MARGIN - 16 });
  const statusHeight = textHeight + 14;
  doc
    .rect(MARGIN, y, RIGHT_EDGE - MARGIN, statusHeight)
    .lineWidth(1)
    .stroke(settled ? '#15803d' : '#b91c1c');
  doc
    .fillColor(settled ? '#15803d' : '#b91c1c')
    .text(status, MARGIN + 8, y + 8, { width: RIGHT_EDGE - MARGIN - 16 });
  doc.fillColor('#000000');
  y += statusHeight + 18;

  // The lines.
  y = tableHeader(doc, y, false);
  for (const line of order.lines) {
    const name = printable(line.productName);
    doc.font('Helvetica').fontSize(9);
    const height = Math.max(12, doc.heightOfString(name, { width: COLUMNS.product.width })) + 6;
    if (y + height > pageBottom()) {
      doc.addPage();
      y = tableHeader(doc, MARGIN, true);
      doc.font('Helvetica').fontSize(9);
    }
    doc.text(name, COLUMNS.product.x, y, { width: COLUMNS.product.width });
    const cells = [
      [String(line.quantity), COLUMNS.quantity],
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

  // The total, kept on the page of the last line when it fits.
  if (y + 30 > pageBottom()) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font('Helvetica-Bold').fontSize(11);
  doc.text(l.orderTotal, COLUMNS.unitPrice.x - 60, y + 6, {
    width: COLUMNS.unitPrice.width + 60,
    align: 'right',
  });
  doc.text(formatMoney(order.orderPrice), COLUMNS.total.x, y + 6, {
    width: COLUMNS.total.width,
    align: 'right',
  });

  // Every page: which invoice, and which page of how many.
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
        `${l.title} ${number} - ${l.page(index - range.start + 1, range.count)}`,
        MARGIN,
        doc.page.height - MARGIN,
        { width: RIGHT_EDGE - MARGIN, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
