import { invoiceFileName, type Seller } from '@shop/shared';
import type { CurrentUser } from '../../auth/guard.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { InvoiceRenderer } from './invoice-renderer.js';

/** Invoices of orders (DESIGN.md section 9): read through the orders service, never its tables. */
export function createInvoicesService(
  orders: Pick<OrdersService, 'visibleOrder' | 'presentOne'>,
  seller: Seller,
  renderer: InvoiceRenderer,
) {
  return {
    /**
     * The invoice of an order its owner or an admin asks for (404 unknown, 403 another's). The
     * order is read and its access checked on every request; only then are kept bytes sent.
     */
    async invoiceOf(
      caller: CurrentUser,
      orderId: string,
    ): Promise<{ fileName: string; pdf: Buffer }> {
      const order = await orders.presentOne(await orders.visibleOrder(caller, orderId));
      return { fileName: invoiceFileName(order), pdf: await renderer.pdfOf(order, seller) };
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
