import {
  invoiceDocumentKind,
  invoiceFileName,
  invoiceMessages,
  type InvoiceSettings,
  type Order,
} from '@shop/shared';
import type { CurrentUser } from '../../auth/guard.js';
import type { MailAttachment } from '../../auth/mailer.js';
import type { OrderMailKind } from '../mail/outbox.repository.js';
import { AppError } from '../../http/app-error.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { InvoiceRenderer } from './invoice-renderer.js';

/** Invoices of orders (DESIGN.md section 9): read through the orders service, never its tables. */
export function createInvoicesService(
  orders: Pick<OrdersService, 'visibleOrder' | 'presentOne'>,
  settings: InvoiceSettings,
  renderer: InvoiceRenderer,
) {
  /**
   * The document of an order as it stands: the invoice once paid, a pro-forma while unpaid; an
   * order cancelled before it was paid has none (409 `no_invoice_for_cancelled_order`).
   */
  async function documentOf(order: Order): Promise<{ fileName: string; pdf: Buffer }> {
    if (invoiceDocumentKind(order) === 'none') {
      throw new AppError('no_invoice_for_cancelled_order', invoiceMessages.noInvoiceForCancelled);
    }
    return { fileName: invoiceFileName(order), pdf: await renderer.pdfOf(order, settings) };
  }

  return {
    /**
     * The invoice of an order its owner or an admin asks for (404 unknown, 403 another's). The
     * order is read and its access checked on every request; only then are kept bytes sent.
     */
    async invoiceOf(
      caller: CurrentUser,
      orderId: string,
    ): Promise<{ fileName: string; pdf: Buffer }> {
      return documentOf(await orders.presentOne(await orders.visibleOrder(caller, orderId)));
    },

    /**
     * What an order mail carries (the outbox worker asks when it sends): the paid mail and the
     * invoice of an order paid on account (DESIGN.md section 13), the invoice PDF, laid out
     * from the order in the mail's row.
     */
    async mailAttachmentsOf(kind: OrderMailKind, order: Order): Promise<MailAttachment[]> {
      if (kind !== 'order-paid' && kind !== 'order-invoiced') return [];
      if (invoiceDocumentKind(order) !== 'invoice') return [];
      const { fileName, pdf } = await documentOf(order);
      return [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
