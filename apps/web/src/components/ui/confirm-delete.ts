import { messages } from '@shop/shared';
import { confirmAction, loadSwal } from './confirm';

/**
 * The spec's delete confirmation (SPEC section 8): true when the user confirms. `detail`, when
 * given, says in a paragraph of its own what will really happen (a product with orders is
 * archived, not deleted).
 */
export function confirmDelete(text: string, detail?: string): Promise<boolean> {
  return confirmAction({
    title: messages.deleteTitle,
    text,
    detail,
    confirmText: messages.deleteConfirm,
    tone: 'danger',
  });
}

/** The spec's 'Deleted!' success alert. */
export async function alertDeleted(text?: string): Promise<void> {
  const Swal = await loadSwal();
  await Swal.fire({
    title: messages.deleted,
    text,
    icon: 'success',
    buttonsStyling: false,
    customClass: { confirmButton: 'btn btn-primary' },
  });
}
