import type { EndpointResponse } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { quoteKeys } from './quote-keys';

/** `POST /quotes/{id}/attachment`: the artwork (PDF, PNG, JPEG or SVG up to 5 MB). */
export function uploadArtwork({
  quoteId,
  file,
}: {
  quoteId: string;
  file: File;
}): Promise<EndpointResponse<'POST /quotes/:id/attachment'>> {
  const form = new FormData();
  form.append('file', file);
  return callApi('POST /quotes/:id/attachment', { params: { id: quoteId }, form });
}

export function useUploadArtwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadArtwork,
    meta: { ownErrorMessage: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: quoteKeys.all }),
  });
}
