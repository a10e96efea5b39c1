import {
  companyMailMessages as cm,
  invoiceMailMessages as im,
  cancelledOrderMailText,
  INVITATION_EMAIL_FRAGMENT,
  type CancelReason,
  formatDocumentDate,
  formatDocumentTime,
  formatMoney,
  formatQuantity,
  formatTimeLeft,
  oneLine,
  orderMailMessages as m,
  orderPageUrl,
  quoteMessages as qm,
  paymentPageUrl,
  trackingUrl,
  type Order,
} from '@shop/shared';
import type { Mail } from '../../auth/mailer.js';
import type {
  InvitationMailPayload,
  OrderMailKind,
  QuoteOfferMailPayload,
} from './outbox.repository.js';

/** Text made safe to put between HTML tags or inside a quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One mail's content, before it becomes text and HTML: paragraphs, facts, the lines, links. */
interface MailContent {
  subject: string;
  /** The first line: the customer by name, or the shop's team. */
  greeting: string;
  intro: string;
  /** The order's lines and total; left out of the shipping notice. */
  withLines: boolean;
  /**
   * Label and value pairs under the lines (PO number, paid on, tracking number, ...); a value
   * with an address is a link (the tracking number at its carrier).
   */
  facts: ([string, string] | [string, string, string])[];
  /** Paragraphs after the facts. */
  notes: string[];
  /** Buttons: label and address. */
  links: [string, string][];
}

/** The tracking number, with the carrier's tracking page when the carrier is on the list. */
function trackingFact(shipment: NonNullable<Order['shipment']>): MailContent['facts'][number] {
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return url
    ? [m.trackingNumber, shipment.trackingNumber, url]
    : [m.trackingNumber, shipment.trackingNumber];
}

function contentOf(
  kind: Exclude<OrderMailKind, 'order-cancelled'>,
  order: Order,
  publicUrl: string,
  now: Date,
  recipientName: string | undefined,
  bankDetails: boolean,
): MailContent {
  const orderLink: [string, string] = [m.viewOrder, orderPageUrl(publicUrl, order._id)];
  const greeting = m.greeting(order.userName);
  // Every mail names the order by its number (issue 22), then its PO number when it has one.
  const po: [string, string][] = [
    [m.orderNumber, order.orderNumber],
    ...(order.poNumber ? [[m.poNumber, order.poNumber] as [string, string]] : []),
  ];
  switch (kind) {
    case 'shop-order-placed':
      return {
        subject: m.shopPlacedSubject(
          order.orderNumber,
          order.userName,
          formatMoney(order.orderPrice),
        ),
        greeting: m.shopGreeting,
        intro: m.shopPlacedIntro(order.userName, order.userEmail),
        withLines: true,
        facts: [
          ...po,
          [m.customer, `${order.userName} <${order.userEmail}>`],
          [m.phone, order.phone],
          [m.shipTo, order.address.split(/\r?\n/).map(oneLine).filter(Boolean).join(', ')],
        ],
        notes: [],
        links: [[m.viewOrderAdmin, orderPageUrl(publicUrl, order._id)]],
      };
    case 'order-awaiting-approval': {
      const buyer = order.placedBy?.name ?? order.userName;
      return {
        subject: cm.awaitingSubject(order.orderNumber, buyer, formatMoney(order.orderPrice)),
        greeting: m.greeting(recipientName ?? ''),
        intro: cm.awaitingNoLimitIntro(buyer),
        withLines: true,
        facts: [...po, [cm.placedBy, `${buyer} <${order.userEmail}>`]],
        notes: [],
        links: [[cm.reviewOrder, orderPageUrl(publicUrl, order._id)]],
      };
    }
    case 'order-approved': {
      const by = order.approval?.decidedBy.name ?? '';
      // Placed on account: invoiced with the approval, nothing to pay now (ux 2026-11-28 #14).
      if (order.paymentMethod === 'on_account') {
        return {
          subject: cm.approvedSubject(order.orderNumber, order.orderPName),
          greeting,
          intro: cm.approvedOnAccountIntro(by),
          withLines: true,
          facts: po,
          notes: [],
          links: [orderLink],
        };
      }
      // Until when it keeps its stock, as a date and time (#1): an approval given in the
      // evening is still there in the morning (APPROVAL_HOLD_MINUTES).
      return {
        subject: cm.approvedSubject(order.orderNumber, order.orderPName),
        greeting,
        intro: cm.approvedIntro(by),
        withLines: true,
        facts: po,
        notes:
          order.expiresAt && !order.paid
            ? [cm.approvedHoldUntil(formatDocumentTime(order.expiresAt))]
            : [],
        links: [[m.payNow, paymentPageUrl(publicUrl, order._id)], orderLink],
      };
    }
    case 'order-rejected': {
      const by = order.approval?.decidedBy.name ?? '';
      return {
        subject: cm.rejectedSubject(order.orderNumber, order.orderPName),
        greeting,
        intro: cm.rejectedIntro(by),
        withLines: true,
        facts: [...po, [cm.reason, oneLine(order.approval?.reason ?? '')]],
        notes: [],
        links: [orderLink],
      };
    }
    case 'order-placed': {
      const timeLeft = order.expiresAt ? formatTimeLeft(order.expiresAt, now) : null;
      const awaiting = order.approvalStatus === 'awaiting_approval';
      // On account (ux 2026-11-28 #14): no timer and no cancellation threat; it is invoiced.
      const onAccount = order.paymentMethod === 'on_account';
      const unpaid = !order.paid && order.paymentStatus === 'pending' && !awaiting && !onAccount;
      if (awaiting || onAccount) {
        return {
          subject: m.placedSubject(order.orderNumber, order.orderPName),
          greeting,
          intro: m.placedIntro,
          withLines: true,
          facts: po,
          notes: [
            awaiting
              ? onAccount
                ? cm.placedAwaitingOnAccountNote
                : cm.placedAwaitingNote
              : cm.placedOnAccountNote,
          ],
          links: [orderLink],
        };
      }
      return {
        subject: m.placedSubject(order.orderNumber, order.orderPName),
        greeting,
        intro: m.placedIntro,
        withLines: true,
        facts: po,
        notes:
          unpaid && timeLeft && order.expiresAt
            ? [m.payWithin(timeLeft, formatDocumentTime(order.expiresAt))]
            : [],
        links: unpaid ? [[m.payNow, paymentPageUrl(publicUrl, order._id)], orderLink] : [orderLink],
      };
    }
    case 'order-paid': {
      // A bank transfer (an invoice on account settled, or marked paid with its details) has a
      // reference, not a card's transaction id (ux 2026-11-28 #36).
      const transfer =
        (order.invoice?.onAccount ?? null) !== null || order.paymentReceivedAt !== null;
      return {
        subject: m.paidSubject(order.orderNumber, order.orderPName),
        greeting,
        intro: m.paidIntro,
        withLines: true,
        facts: [
          ...(order.invoice ? [[m.invoiceNumber, order.invoice.number] as [string, string]] : []),
          ...po,
          order.paymentReceivedAt
            ? [m.receivedOn, formatDocumentDate(order.paymentReceivedAt)]
            : [m.paidOn, formatDocumentTime(order.paidAt ?? order.placedAt)],
          ...(order.transactionId
            ? [
                [transfer ? m.paymentReference : m.transactionId, order.transactionId] as [
                  string,
                  string,
                ],
              ]
            : []),
          [m.amountPaid, formatMoney(order.orderPrice)],
        ],
        notes: [m.invoiceHint],
        links: [orderLink],
      };
    }
    case 'order-invoiced':
    case 'invoice-reminder':
    case 'invoice-overdue': {
      const invoice = order.invoice;
      const due = invoice ? formatDocumentDate(invoice.dueAt) : '';
      const number = invoice?.number ?? order.orderNumber;
      const days = invoice?.onAccount?.termsDays ?? 0;
      const facts: [string, string][] = invoice
        ? [
            [im.invoiceNumber, invoice.number],
            ...po,
            [im.issuedOn, formatDocumentDate(invoice.issuedAt)],
            [im.dueOn, due],
            ...(days ? [[im.terms, `Net ${days} days`] as [string, string]] : []),
            [im.amountDue, formatMoney(invoice.amountDue)],
          ]
        : po;
      const texts = {
        'order-invoiced': [
          im.invoicedSubject(number, order.orderNumber, due),
          im.invoicedIntro(days),
        ],
        'invoice-reminder': [im.reminderSubject(number, due), im.reminderIntro(due)],
        'invoice-overdue': [im.overdueSubject(number, due), im.overdueIntro(due)],
      } as const;
      const [subject, intro] = texts[kind];
      return {
        subject,
        greeting,
        intro,
        withLines: kind === 'order-invoiced',
        facts,
        notes: [bankDetails ? im.quoteInvoiceNumber : im.contactForPaymentDetails, m.invoiceHint],
        links: [orderLink],
      };
    }
    case 'order-shipped':
      return {
        subject: m.shippedSubject(order.orderNumber, order.orderPName),
        greeting,
        intro: m.shippedIntro,
        withLines: false,
        facts: [
          ...po,
          ...(order.shipment
            ? ([
                [m.carrier, order.shipment.carrier],
                trackingFact(order.shipment),
              ] as MailContent['facts'])
            : []),
          [
            m.shippedOn,
            formatDocumentDate(order.shippedAt ?? order.shipment?.shippedAt ?? order.placedAt),
          ],
        ],
        notes: order.shipment ? [] : [m.shippedWithoutTracking],
        links: [orderLink],
      };
  }
}

function textOf(order: Order, content: MailContent): string {
  const parts: string[] = [content.greeting, '', content.intro, ''];
  if (content.withLines) {
    for (const line of order.lines) {
      parts.push(
        `  ${m.line(line.quantity, line.productName, formatMoney(line.unitPrice), formatMoney(line.lineTotal))}`,
      );
    }
    parts.push('', `${m.orderTotal}: ${formatMoney(order.orderPrice)}`);
  } else {
    for (const line of order.lines)
      parts.push(`  ${formatQuantity(line.quantity)} x ${line.productName}`);
  }
  if (content.facts.length > 0) parts.push('');
  for (const [label, value, href] of content.facts) {
    parts.push(href ? `${label}: ${value} (${href})` : `${label}: ${value}`);
  }
  for (const note of content.notes) parts.push('', note);
  for (const [label, href] of content.links) parts.push('', `${label}: ${href}`);
  parts.push('', m.signOff);
  return parts.join('\n');
}

const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;';

function htmlOf(order: Order, content: MailContent): string {
  const e = escapeHtml;
  const rows = order.lines
    .map((line) =>
      content.withLines
        ? `<tr><td style="${cell}">${e(line.productName)}</td>` +
          `<td style="${cell}text-align:right">${formatQuantity(line.quantity)}</td>` +
          `<td style="${cell}text-align:right">${e(formatMoney(line.unitPrice))}</td>` +
          `<td style="${cell}text-align:right">${e(formatMoney(line.lineTotal))}</td></tr>`
        : `<tr><td style="${cell}">${e(line.productName)}</td>` +
          `<td style="${cell}text-align:right">${formatQuantity(line.quantity)}</td></tr>`,
    )
    .join('');
  const heads = content.withLines
    ? [m.columns.product, m.columns.quantity, m.columns.unitPrice, m.columns.total]
    : [m.columns.product, m.columns.quantity];
  const head = heads
    .map(
      (label, i) => `<th style="${cell}text-align:${i === 0 ? 'left' : 'right'}">${e(label)}</th>`,
    )
    .join('');
  const total = content.withLines
    ? `<tr><th colspan="3" style="${cell}text-align:right">${e(m.orderTotal)}</th>` +
      `<th style="${cell}text-align:right">${e(formatMoney(order.orderPrice))}</th></tr>`
    : '';
  const facts = content.facts
    .map(
      ([label, value, href]) =>
        `<tr><th style="${cell}text-align:left">${e(label)}</th><td style="${cell}">${
          href
            ? `<a href="${e(href)}" target="_blank" rel="noopener noreferrer" style="color:#1d4ed8">${e(value)}</a>`
            : e(value)
        }</td></tr>`,
    )
    .join('');
  const links = content.links
    .map(
      ([label, href]) =>
        `<p><a href="${e(href)}" style="color:#1d4ed8;font-weight:bold">${e(label)}</a></p>`,
    )
    .join('');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
    `<p>${e(content.greeting)}</p>`,
    `<p>${e(content.intro)}</p>`,
    `<table style="border-collapse:collapse;min-width:320px"><thead><tr>${head}</tr></thead>`,
    `<tbody>${rows}</tbody><tfoot>${total}</tfoot></table>`,
    facts ? `<table style="border-collapse:collapse;margin-top:16px">${facts}</table>` : '',
    ...content.notes.map((note) => `<p>${e(note)}</p>`),
    links,
    `<p>${e(m.signOff)}</p>`,
    '</body></html>',
  ].join('\n');
}

/**
 * The order with every name it prints on one line: names and PO numbers are refused with a
 * line break at input now, but rows written before (and names from elsewhere) may hold one, and
 * a customer's own paragraphs must not appear inside the shop's mail (security report
 * 2026-11-26, finding 4).
 */
function oneLineTexts(order: Order): Order {
  return {
    ...order,
    userName: oneLine(order.userName),
    customerName: oneLine(order.customerName),
    orderPName: oneLine(order.orderPName),
    poNumber: order.poNumber === null ? null : oneLine(order.poNumber),
    lines: order.lines.map((line) => ({ ...line, productName: oneLine(line.productName) })),
    shipment: order.shipment && {
      ...order.shipment,
      carrier: oneLine(order.shipment.carrier),
      trackingNumber: oneLine(order.shipment.trackingNumber),
    },
  };
}

/**
 * The cancellation mail (DESIGN.md section 11): plain text, line by line, saying why (the text
 * of issues 10 and 13), between a greeting and the order's number, PO number and page (issue
 * 22). An order stored before it had lines is named by its one product.
 */
function cancelledMail(order: Order, reason: CancelReason, publicUrl: string): Omit<Mail, 'to'> {
  const lines =
    order.lines.length > 0
      ? order.lines.map((line) => ({ productName: line.productName, quantity: line.quantity }))
      : [{ productName: order.orderPName, quantity: order.orderQty }];
  return {
    subject: m.cancelledSubject(order.orderNumber, order.orderPName),
    text: [
      m.greeting(order.userName),
      '',
      cancelledOrderMailText(lines, reason),
      '',
      `${m.orderNumber}: ${order.orderNumber}`,
      ...(order.poNumber ? [`${m.poNumber}: ${order.poNumber}`] : []),
      '',
      `${m.viewOrder}: ${orderPageUrl(publicUrl, order._id)}`,
      '',
      m.signOff,
    ].join('\n'),
  };
}

/**
 * The mail of one outbox row, as plain text and HTML, written from the order as it was when the
 * change happened. Every value from the order is escaped in the HTML.
 */
export function renderOrderMail(
  kind: OrderMailKind,
  stored: Order,
  {
    publicUrl,
    now = new Date(),
    cancelReason = 'expired',
    recipientName,
    bankDetails = true,
  }: {
    publicUrl: string;
    now?: Date;
    cancelReason?: CancelReason | undefined;
    /** Whom a mail to someone else than the buyer greets (a company admin). */
    recipientName?: string | undefined;
    /** Whether the invoices carry the shop's bank details (INVOICE_BANK_DETAILS set). */
    bankDetails?: boolean;
  },
): Omit<Mail, 'to'> {
  const order = oneLineTexts(stored);
  if (kind === 'order-cancelled') return cancelledMail(order, cancelReason, publicUrl);
  const content = contentOf(
    kind,
    order,
    publicUrl,
    now,
    recipientName === undefined ? undefined : oneLine(recipientName),
    bankDetails,
  );
  return { subject: content.subject, text: textOf(order, content), html: htmlOf(order, content) };
}

/**
 * The invitation to join a company (DESIGN.md section 12), as plain text and HTML: who invites,
 * to which company and role, the order limit, the link (valid once, until when).
 */
export function renderInvitationMail(
  payload: InvitationMailPayload,
  { publicUrl, recipient }: { publicUrl: string; recipient?: string },
): Omit<Mail, 'to'> {
  const company = oneLine(payload.companyName);
  const inviter = oneLine(payload.invitedByName);
  // The invited address in the fragment, which browsers never send on: the page prefills
  // Register with it, and the API need not tell the link's holder the address (#29).
  const fragment =
    recipient === undefined
      ? ''
      : `#${new URLSearchParams({ [INVITATION_EMAIL_FRAGMENT]: recipient }).toString()}`;
  const link = `${publicUrl.replace(/\/$/, '')}${payload.path}${fragment}`;
  const paragraphs = [
    cm.invitationIntro(inviter, company, payload.role),
    cm.invitationQuoted,
    ...(payload.role === 'buyer' && payload.orderLimit !== null
      ? [cm.invitationLimit(formatMoney(payload.orderLimit))]
      : []),
    cm.invitationValid(formatDocumentTime(payload.expiresAt)),
  ];
  const subject = cm.invitationSubject;
  const e = escapeHtml;
  return {
    subject,
    text: [
      m.greeting('').replace(/ ,$/, ','),
      '',
      ...paragraphs.flatMap((paragraph) => [paragraph, '']),
      `${cm.acceptInvitation}: ${link}`,
      '',
      cm.invitationIgnore,
      '',
      m.signOff,
    ].join('\n'),
    html: [
      '<!doctype html>',
      `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>`,
      '<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
      `<p>${e(m.greeting('').replace(/ ,$/, ','))}</p>`,
      ...paragraphs.map((paragraph) => `<p>${e(paragraph)}</p>`),
      `<p><a href="${e(link)}" style="color:#1d4ed8;font-weight:bold">${e(cm.acceptInvitation)}</a></p>`,
      `<p>${e(cm.invitationIgnore)}</p>`,
      `<p>${e(m.signOff)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}

/**
 * A shop admin's offer on a quote (DESIGN.md section 14), as plain text and HTML: each line with
 * its unit price, the total, the message, until when it is valid, and the link to accept it.
 */
export function renderQuoteOfferMail(
  payload: QuoteOfferMailPayload,
  { publicUrl }: { publicUrl: string },
): Omit<Mail, 'to'> {
  const link = `${publicUrl.replace(/\/$/, '')}${payload.path}`;
  const lines = payload.lines.map(
    (line) =>
      `${oneLine(line.productName)}: ${line.quantity.toLocaleString('en-US')} x ${formatMoney(line.unitPrice)} = ${formatMoney(line.lineTotal)}`,
  );
  const total = `Total: ${formatMoney(payload.total)}`;
  const valid = qm.offerValid(formatDocumentTime(payload.validUntil));
  const subject = qm.offerSubject(payload.reference);
  const greeting = m.greeting(oneLine(payload.userName));
  const e = escapeHtml;
  return {
    subject,
    text: [
      greeting,
      '',
      qm.offerIntro,
      '',
      ...lines,
      total,
      '',
      ...(payload.message ? [payload.message, ''] : []),
      valid,
      '',
      `${qm.offerLink}: ${link}`,
      '',
      m.signOff,
    ].join('\n'),
    html: [
      '<!doctype html>',
      `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>`,
      '<body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">',
      `<p>${e(greeting)}</p>`,
      `<p>${e(qm.offerIntro)}</p>`,
      `<ul>${lines.map((line) => `<li>${e(line)}</li>`).join('')}</ul>`,
      `<p><strong>${e(total)}</strong></p>`,
      ...(payload.message ? [`<p style="white-space:pre-line">${e(payload.message)}</p>`] : []),
      `<p>${e(valid)}</p>`,
      `<p><a href="${e(link)}" style="color:#1d4ed8;font-weight:bold">${e(qm.offerLink)}</a></p>`,
      `<p>${e(m.signOff)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
