import type { EndpointResponse } from '@shop/shared';
import { callApi } from '../../../lib/api-client';

/** `DELETE /reviews/{id}`: an admin removes a review. */
export function deleteReview(id: string): Promise<EndpointResponse<'DELETE /reviews/:id'>> {
  return callApi('DELETE /reviews/:id', { params: { id } });
}
