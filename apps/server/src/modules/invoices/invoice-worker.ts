import { parentPort } from 'node:worker_threads';
import type { InvoiceSettings, Order } from '@shop/shared';
import { renderInvoicePdf } from './invoice-pdf.js';

/** A render the server asks for, and the answer it gets (invoice-renderer.ts). */
export interface RenderJob {
  id: number;
  order: Order;
  settings: InvoiceSettings;
}
export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

/*
 * A worker thread that lays out invoices (pdfkit's layout and deflate are synchronous: 8.4 ms of
 * CPU for a 10-line invoice), so the server's event loop never does. One job at a time, in order.
 */
const port = parentPort;
if (port) {
  port.on('message', (job: RenderJob) => {
    renderInvoicePdf(job.order, job.settings).then(
      (pdf) => port.postMessage({ id: job.id, pdf } satisfies RenderAnswer),
      (error: unknown) =>
        port.postMessage({
          id: job.id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies RenderAnswer),
    );
  });
}
