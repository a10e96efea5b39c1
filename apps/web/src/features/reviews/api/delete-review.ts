import { apiFetch } from '../../../lib/api-client';

/** `DELETE /reviews/{id}`: an admin removes a review. */
export function deleteReview(id: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(`/reviews/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
