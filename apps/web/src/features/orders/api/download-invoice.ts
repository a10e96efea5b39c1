import { useMutation } from '@tanstack/react-query';
import { callApiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * `GET /orders/{id}/invoice`: the order's invoice as a PDF (its owner or an admin). It is
 * fetched with the API token, which a plain link cannot carry, then saved through a blob URL
 * under the name the server gives it.
 */
export async function downloadInvoice(orderId: string): Promise<string> {
  const { blob, filename } = await callApiFile('GET /orders/:id/invoice', 'application/pdf', {
    params: { id: orderId },
  });
  const name = filename ?? `invoice-${orderId}.pdf`;
  saveFile(blob, name);
  return name;
}

/** A failed download is toasted by the app's mutation cache (lib/query-client.ts). */
export function useDownloadInvoice(orderId: string) {
  return useMutation({ mutationFn: () => downloadInvoice(orderId) });
}
