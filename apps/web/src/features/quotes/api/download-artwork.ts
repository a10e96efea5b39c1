import { useMutation } from '@tanstack/react-query';
import { callApiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * `GET /quotes/{id}/attachment`: the artwork, fetched with the API token (a plain link cannot
 * carry it) and saved under the name the server gives it; never opened in the shop's pages.
 */
export async function downloadArtwork(quoteId: string): Promise<string> {
  const { blob, filename } = await callApiFile(
    'GET /quotes/:id/attachment',
    'application/octet-stream',
    { params: { id: quoteId } },
  );
  const name = filename ?? `artwork-${quoteId}`;
  saveFile(blob, name);
  return name;
}

export function useDownloadArtwork(quoteId: string) {
  return useMutation({ mutationFn: () => downloadArtwork(quoteId) });
}
