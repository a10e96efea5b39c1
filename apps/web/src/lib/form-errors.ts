import { messages } from '@shop/shared';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiRequestError } from './api-client';

/**
 * Shows why the server refused a form: its field errors under their fields, anything else (a
 * conflict, a refused permission, a network failure) in a toast.
 */
export function showServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): void {
  if (!(error instanceof ApiRequestError)) {
    toast.error(fallback);
    return;
  }
  let shown = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fields.find((candidate) => candidate === field);
    if (name) {
      setError(name, { message });
      shown = true;
    }
  }
  if (!shown) toast.error(error.status === 403 ? messages.noPermission : error.message);
}
