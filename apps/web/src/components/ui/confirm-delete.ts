import { messages } from '@shop/shared';
import { confirmAction, loadSwal } from './confirm';

/** The spec's delete confirmation (SPEC section 8): true when the user confirms. */
export function confirmDelete(text: string): Promise<boolean> {
  return confirmAction({
    title: messages.deleteTitle,
    text,
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
