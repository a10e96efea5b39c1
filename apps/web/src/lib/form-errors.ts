import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiRequestError } from './api-client';
import { errorMessage } from './error-message';

/** Puts the server's field errors under the form's own fields; true when any was shown. */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = fields.find((candidate) => candidate === field);
    if (name) {
      setError(name, { message });
      shown = true;
    }
  }
  return shown;
}

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
  if (!showFieldErrors(error, fields, setError)) toast.error(errorMessage(error, fallback));
}
